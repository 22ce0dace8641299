// An app whose Info.plist registers its redirect URI as a whole URL (see Info.plist).
print("MisconfiguredApp")
