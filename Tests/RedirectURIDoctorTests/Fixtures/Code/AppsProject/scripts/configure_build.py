#!/usr/bin/env python3
"""Writes each flavour's URL schemes and query schemes into the built Info.plist."""
import json, os, plistlib

flavour = json.load(open(os.path.join(os.environ["SRCROOT"], "config", os.environ["CONFIGURATION"] + ".json")))
path = os.path.join(os.environ["TARGET_BUILD_DIR"], os.environ["INFOPLIST_PATH"])
with open(path, "rb") as f:
    info = plistlib.load(f)
info["CFBundleURLTypes"] = [{"CFBundleURLSchemes": flavour["schemes"]}]
info["LSApplicationQueriesSchemes"] = ["msauthv2", "msauthv3"]
with open(path, "wb") as f:
    plistlib.dump(info, f)
