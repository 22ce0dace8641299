"""The symbol half of scripts/availability-check: every target of a package, test targets and
targets that import Foundation included, checked on Linux for references to API introduced after
the package's Apple deployment floors.

The retargeted-standard-library type-check (the other half) runs the real compiler, but it can
only load the standard library, so it skips every target that imports Foundation, a C library or
a test framework. This half reaches those too, by looking symbols up instead of compiling:

1. `swift build --build-tests --enable-index-store` of the package (its own .build: the build
   `swift test` reuses; a debug build records the index store anyway, the flag makes it explicit,
   as the reference tool does).
2. libIndexStore (through ctypes) lists every symbol each source file of the package references
   (USR, line, column) and the module the file was compiled in.
3. `swift symbolgraph-extract` of the toolchain's Swift, _Concurrency, _StringProcessing,
   RegexBuilder, Synchronization, Observation, FoundationEssentials,
   FoundationInternationalization and Foundation modules gives each public symbol's Apple
   availability: their Linux interfaces keep the `@available` attributes. Cached per toolchain
   in .build/availability-check/symbol-graphs/. A failed extraction of Swift, _Concurrency,
   _StringProcessing, FoundationEssentials or Foundation stops the check (Task, Clock, Regex,
   Date, URL would otherwise vanish from the table and nothing of theirs be reported); the other
   modules may be missing from a toolchain.
4. A reference is reported when its symbol was introduced after the floor of an Apple platform
   (or is unavailable or obsoleted there), unless the compiler would accept it there anyway:
   it sits in an `if/guard/while #available` or `@available` scope that covers that platform
   (scopes come from the compiler's own parse, `swiftc -frontend -dump-parse`); it sits in an
   `#if` clause never compiled for that platform (`#if os(Linux)`); or it is one of the known
   false positives below, each with its reason. Mac Catalyst and visionOS inherit iOS
   availability as the compiler does (iOS 17 is visionOS 1).

Targets: every regular, executable and test target with Swift sources. Plugin targets are not
checked (they are built for the host against PackagePlugin); CI's macOS plugins job type-checks
them.

What it cannot see: most of swift-corelibs Foundation (FileManager, Process,
PropertyListSerialization carry no Apple availability on Linux), the Apple-only frameworks
(UIKit, SwiftUI, AppKit: code for them sits under `#if canImport(...)` and is never compiled on
Linux), code under `#if os(iOS)` and the like, and overloads that resolve differently on Apple
platforms. CI's macOS and xcodebuild jobs build those for real.

Adapted from the team's reference implementation (shared tools), made the project's own so
that CI never depends on anything outside the repository.
"""
import collections, ctypes, glob, hashlib, json, os, re, shutil, subprocess, sys

MODULES = ["Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization",
           "Observation", "FoundationEssentials", "FoundationInternationalization", "Foundation"]
# The modules whose symbol graph the check cannot do without: a failed extraction is fatal.
REQUIRED_MODULES = ("Swift", "_Concurrency", "_StringProcessing", "FoundationEssentials", "Foundation")
PLATFORMS = ["iOS", "macOS", "tvOS", "watchOS", "visionOS", "macCatalyst"]
SPM_NAME = {"ios": "iOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS",
            "visionos": "visionOS", "maccatalyst": "macCatalyst"}
# Xcode 26's lowest deployment targets: used for a platform the manifest does not declare (by
# both halves of the check: availability-check reads this table too).
XCODE26_MIN = {"iOS": (15, 0), "macOS": (11, 0), "tvOS": (15, 0), "watchOS": (8, 0),
               "visionOS": (1, 0), "macCatalyst": (15, 0)}

# Known false positives, by USR, each with the reason the compiler accepts the same source at the
# floors on Apple platforms although the index on Linux records a newer declaration.
FALSE_POSITIVES = {
    # `a &* b` on Int/UInt64 is recorded against FixedWidthInteger.&* the protocol requirement,
    # added in Swift 6 with @available(macOS 15, iOS 18, watchOS 11, tvOS 18, visionOS 2, *).
    # Below those versions the type checker picks the protocol-extension operator
    # FixedWidthInteger.&* (s:s17FixedWidthIntegerPsE2amoiyxx_xtFZ), there since Swift 4; the
    # retargeted-standard-library half of this check type-checks `&*` at the floors cleanly.
    "s:s17FixedWidthIntegerP2amoiyxx_xtFZ": "FixedWidthInteger.&* requirement (the extension operator is used on Apple)",
}

ROLE_REFERENCE, ROLE_CALL, ROLE_IMPLICIT = 1 << 2, 1 << 5, 1 << 8


class CannotRun(Exception):
    pass


def die(msg):
    raise CannotRun(msg)


def vtuple(s):
    parts = [int(x) for x in re.findall(r"\d+", str(s))[:3]] or [0]
    while len(parts) < 2:
        parts.append(0)
    return tuple(parts[:2])


def vstr(t):
    return f"{t[0]}.{t[1]}"


# ---------------------------------------------------------------- symbol graphs

def toolchain():
    swift = shutil.which("swift") or die("no swift on PATH")
    ver = subprocess.run([swift, "--version"], capture_output=True, text=True).stdout.strip()
    return os.path.realpath(swift), ver


def availability_table(cache_root):
    """USR -> (module, path, {platform: (introduced|None, unavailable, obsoleted|None)}),
    for symbols with any Apple availability. Built once per toolchain under cache_root."""
    swift, ver = toolchain()
    key = hashlib.sha1((swift + "\n" + ver).encode()).hexdigest()[:12]
    d = os.path.join(cache_root, key)
    table_path = os.path.join(d, "availability.json")
    if not os.path.exists(table_path):
        sg = os.path.join(d, "graphs")
        os.makedirs(sg, exist_ok=True)
        open(os.path.join(d, "toolchain.txt"), "w").write(swift + "\n" + ver + "\n")
        triple = "x86_64-unknown-linux-gnu" if os.uname().machine == "x86_64" else "aarch64-unknown-linux-gnu"
        for m in MODULES:
            r = subprocess.run(["swift", "symbolgraph-extract", "-module-name", m, "-target", triple,
                                "-output-dir", sg, "-minimum-access-level", "public",
                                "-module-cache-path", os.path.join(d, "module-cache")],
                               capture_output=True, text=True)
            if r.returncode != 0 and m in REQUIRED_MODULES:
                shutil.rmtree(d, ignore_errors=True)   # no table from a partial set of graphs
                die(f"symbolgraph-extract {m}: {(r.stderr or r.stdout)[-300:]}")
        shutil.rmtree(os.path.join(d, "module-cache"), ignore_errors=True)
        table, seen = {}, collections.Counter()
        for f in sorted(glob.glob(os.path.join(sg, "*.symbols.json"))):
            graph = json.load(open(f))
            mod = os.path.basename(f).split(".symbols")[0]
            for s in graph["symbols"]:
                seen[mod] += 1
                av = {}
                for a in s.get("availability") or []:
                    dom = a.get("domain")
                    if dom not in PLATFORMS:
                        continue
                    intro = a.get("introduced")
                    obs = a.get("obsoleted")
                    av[dom] = [vstr((intro.get("major", 0), intro.get("minor", 0))) if intro else None,
                               bool(a.get("isUnconditionallyUnavailable")),
                               vstr((obs.get("major", 0), obs.get("minor", 0))) if obs else None]
                if av:
                    table[s["identifier"]["precise"]] = [mod, ".".join(s["pathComponents"]), av]
        json.dump({"toolchain": ver, "symbols": seen, "table": table}, open(table_path + ".tmp", "w"))
        os.replace(table_path + ".tmp", table_path)
    data = json.load(open(table_path))
    # Each required module's symbols must be in the table (_Concurrency's and _StringProcessing's
    # graphs are written as extensions of Swift, `_Concurrency@Swift`): an extraction that exited 0
    # but wrote nothing would otherwise drop Task or Regex from the check in silence.
    empty = [m for m in REQUIRED_MODULES
             if not any(k == m or k.startswith(m + "@") for k, n in data["symbols"].items() if n)]
    if empty:
        shutil.rmtree(d, ignore_errors=True)   # rebuilt on the next run
        die("symbolgraph-extract gave no symbols of " + ", ".join(empty) + f" (the table under {d} is removed)")
    return data["table"], sum(data["symbols"].values())


def visionos_from_ios(v):
    """The iOS -> visionOS remapping the compiler applies when visionOS inherits iOS availability
    (SDKSettings: iOS 17.x is visionOS 1.x, iOS 18.x is 2.x; from 26 the numbers agree)."""
    if v < (17, 0):
        return (1, 0)
    if v < (26, 0):
        return (v[0] - 16, v[1])
    return v


def platform_availability(av, platform):
    """(introduced tuple|None, unavailable bool, obsoleted tuple|None) of a symbol on a platform,
    with the compiler's inheritance: macCatalyst <- iOS, visionOS <- iOS (remapped)."""
    if platform in av:
        i, u, o = av[platform]
        return (vtuple(i) if i else None), u, (vtuple(o) if o else None)
    if platform in ("macCatalyst", "visionOS") and "iOS" in av:
        i, u, o = av["iOS"]
        i, o = (vtuple(i) if i else None), (vtuple(o) if o else None)
        if platform == "visionOS":
            i, o = (visionos_from_ios(i) if i else None), (visionos_from_ios(o) if o else None)
        return i, u, o
    return None, False, None


def problems(av, floors):
    """{platform: 'introduced X' | 'unavailable' | 'obsoleted X'} where the symbol cannot be used
    at the floor."""
    out = {}
    for p, floor in floors.items():
        i, u, o = platform_availability(av, p)
        if u:
            out[p] = ("unavailable", None)
        elif o and o <= floor:
            out[p] = ("obsoleted", o)
        elif i and i > floor:
            out[p] = ("introduced", i)
    return out


# ---------------------------------------------------------------- index store

class StrRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


def _s(ref):
    return ref.data[:ref.length].decode("utf-8", "replace") if ref.data else ""


def read_index(store_path, package, exclude):
    """[(path, line, col, usr, name, roles, module)] for the occurrences (references, calls) in
    source files under `package` (not under any of `exclude`)."""
    swift, _ = toolchain()
    lib_path = os.path.join(os.path.dirname(os.path.dirname(swift)), "lib", "libIndexStore.so")
    if not os.path.exists(lib_path):
        die(f"no libIndexStore at {lib_path}")
    lib = ctypes.CDLL(lib_path)
    vp = ctypes.c_void_p
    lib.indexstore_store_create.restype = vp
    lib.indexstore_store_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(vp)]
    UNIT_CB = ctypes.CFUNCTYPE(ctypes.c_bool, vp, StrRef)
    lib.indexstore_store_units_apply_f.argtypes = [vp, ctypes.c_uint, vp, UNIT_CB]
    lib.indexstore_unit_reader_create.restype = vp
    lib.indexstore_unit_reader_create.argtypes = [vp, ctypes.c_char_p, ctypes.POINTER(vp)]
    lib.indexstore_unit_reader_dispose.argtypes = [vp]
    for fn in ("main_file", "module_name"):
        f = getattr(lib, "indexstore_unit_reader_get_" + fn)
        f.argtypes, f.restype = [vp], StrRef
    lib.indexstore_unit_reader_is_system_unit.argtypes = [vp]
    lib.indexstore_unit_reader_is_system_unit.restype = ctypes.c_bool
    DEP_CB = ctypes.CFUNCTYPE(ctypes.c_bool, vp, vp)
    lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [vp, vp, DEP_CB]
    lib.indexstore_unit_dependency_get_kind.argtypes = [vp]
    lib.indexstore_unit_dependency_get_kind.restype = ctypes.c_int
    for fn in ("name", "filepath"):
        f = getattr(lib, "indexstore_unit_dependency_get_" + fn)
        f.argtypes, f.restype = [vp], StrRef
    lib.indexstore_record_reader_create.restype = vp
    lib.indexstore_record_reader_create.argtypes = [vp, ctypes.c_char_p, ctypes.POINTER(vp)]
    lib.indexstore_record_reader_dispose.argtypes = [vp]
    OCC_CB = ctypes.CFUNCTYPE(ctypes.c_bool, vp, vp)
    lib.indexstore_record_reader_occurrences_apply_f.argtypes = [vp, vp, OCC_CB]
    lib.indexstore_occurrence_get_symbol.argtypes = [vp]
    lib.indexstore_occurrence_get_symbol.restype = vp
    lib.indexstore_occurrence_get_roles.argtypes = [vp]
    lib.indexstore_occurrence_get_roles.restype = ctypes.c_uint64
    lib.indexstore_occurrence_get_line_col.argtypes = [vp, ctypes.POINTER(ctypes.c_uint), ctypes.POINTER(ctypes.c_uint)]
    for fn in ("usr", "name"):
        f = getattr(lib, "indexstore_symbol_get_" + fn)
        f.argtypes, f.restype = [vp], StrRef

    err = vp()
    store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(err))
    if not store:
        die(f"cannot open the index store {store_path}")
    units = []

    @UNIT_CB
    def on_unit(ctx, name):
        units.append(_s(name))
        return True
    lib.indexstore_store_units_apply_f(store, 0, None, on_unit)

    pkg = os.path.realpath(package) + os.sep
    excl = [os.path.realpath(e) + os.sep for e in exclude]

    def ours(path):   # a source file of the package (a unit left behind by a deleted file is not)
        p = os.path.realpath(path)
        return p.startswith(pkg) and not any(p.startswith(e) for e in excl) and os.path.exists(p)

    records = {}  # record name -> (file, module)
    for u in units:
        r = lib.indexstore_unit_reader_create(store, u.encode(), ctypes.byref(err))
        if not r:
            continue
        if lib.indexstore_unit_reader_is_system_unit(r) or not ours(_s(lib.indexstore_unit_reader_get_main_file(r))):
            lib.indexstore_unit_reader_dispose(r)
            continue
        module = _s(lib.indexstore_unit_reader_get_module_name(r))

        @DEP_CB
        def on_dep(ctx, dep):
            if lib.indexstore_unit_dependency_get_kind(dep) == 2:  # a record
                path = _s(lib.indexstore_unit_dependency_get_filepath(dep))
                if ours(path):
                    records[_s(lib.indexstore_unit_dependency_get_name(dep))] = (os.path.realpath(path), module)
            return True
        lib.indexstore_unit_reader_dependencies_apply_f(r, None, on_dep)
        lib.indexstore_unit_reader_dispose(r)

    out = set()
    for rec, (path, module) in records.items():
        rr = lib.indexstore_record_reader_create(store, rec.encode(), ctypes.byref(err))
        if not rr:
            continue

        @OCC_CB
        def on_occ(ctx, occ):
            roles = lib.indexstore_occurrence_get_roles(occ)
            if roles & (ROLE_REFERENCE | ROLE_CALL):
                sym = lib.indexstore_occurrence_get_symbol(occ)
                line, col = ctypes.c_uint(), ctypes.c_uint()
                lib.indexstore_occurrence_get_line_col(occ, ctypes.byref(line), ctypes.byref(col))
                out.add((path, line.value, col.value, _s(lib.indexstore_symbol_get_usr(sym)),
                         _s(lib.indexstore_symbol_get_name(sym)), int(roles), module))
            return True
        lib.indexstore_record_reader_occurrences_apply_f(rr, None, on_occ)
        lib.indexstore_record_reader_dispose(rr)
    return sorted(out), {m for _, m in records.values()}


# ---------------------------------------------------------------- #if clauses (text)

APPLE_OS = {"iOS": "iOS", "macOS": "macOS", "tvOS": "tvOS", "watchOS": "watchOS",
            "visionOS": "visionOS", "xrOS": "visionOS", "macCatalyst": "macCatalyst"}


def eval_if(cond, platform):
    """Three-valued value (True/False/None = can't tell) of an #if condition on an Apple platform."""
    toks = re.findall(r"&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*\s*\([^()]*\)|[A-Za-z_][A-Za-z0-9_]*", cond)
    pos = [0]

    def atom():
        t = toks[pos[0]] if pos[0] < len(toks) else ""
        pos[0] += 1
        if t == "!":
            v = atom()
            return None if v is None else not v
        if t == "(":
            v = orx()
            pos[0] += 1  # ')'
            return v
        m = re.match(r"(\w+)\s*\(\s*([^()]*?)\s*\)", t)
        if m:
            fn, arg = m.group(1), m.group(2)
            if fn == "os":
                if arg in ("Linux", "Windows", "Android", "FreeBSD", "OpenBSD", "WASI", "none", "Cygwin", "PS4", "Haiku"):
                    return False
                if arg == "macOS":
                    return platform == "macOS"
                if arg == "iOS":
                    return platform in ("iOS", "macCatalyst")  # os(iOS) is true for Mac Catalyst
                if arg in APPLE_OS:
                    return APPLE_OS[arg] == platform
                return None
            if fn == "canImport" and arg in ("Darwin", "ObjectiveC"):
                return True
            if fn == "canImport" and arg in ("Glibc", "Musl", "WinSDK", "Android", "Bionic", "WASILibc"):
                return False
            if fn == "targetEnvironment" and arg == "macCatalyst":
                return platform == "macCatalyst"
            if fn == "_endian":
                return arg == "little"
            return None
        if t in ("true",):
            return True
        if t in ("false",):
            return False
        return None  # DEBUG, custom flags, compiler(), swift(), arch(), hasFeature() ...

    def andx():
        v = atom()
        while pos[0] < len(toks) and toks[pos[0]] == "&&":
            pos[0] += 1
            w = atom()
            v = False if (v is False or w is False) else (True if (v and w) else None)
        return v

    def orx():
        v = andx()
        while pos[0] < len(toks) and toks[pos[0]] == "||":
            pos[0] += 1
            w = andx()
            v = True if (v is True or w is True) else (False if (v is False and w is False) else None)
        return v
    try:
        return orx()
    except Exception:
        return None


def never_compiled_lines(text, platform):
    """Line numbers inside #if clauses that are definitely not compiled for `platform`."""
    dead, stack = set(), []   # stack of (this clause dead, any earlier clause taken for sure, parent dead)
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        m = re.match(r"#(if|elseif|else|endif)\b(.*)", s)
        if m:
            kind, cond = m.group(1), re.sub(r"//.*", "", m.group(2)).strip()
            if kind == "if":
                parent = stack[-1][0] if stack else False
                v = eval_if(cond, platform)
                stack.append([parent or v is False, v is True, parent])
            elif kind == "elseif" and stack:
                top = stack[-1]
                v = eval_if(cond, platform)
                top[0] = top[2] or top[1] or v is False
                top[1] = top[1] or v is True
            elif kind == "else" and stack:
                top = stack[-1]
                top[0] = top[2] or top[1]
            elif kind == "endif" and stack:
                stack.pop()
            continue
        if stack and stack[-1][0]:
            dead.add(n)
    return dead


# ---------------------------------------------------------------- availability scopes (compiler parse)

RANGE = re.compile(r"range=\[[^\]]*?:(\d+):(\d+) - line:(\d+):(\d+)\]")


class Node:
    __slots__ = ("label", "head", "kids", "parent")

    def __init__(self, label, parent):
        self.label, self.head, self.kids, self.parent = label, [], [], parent

    def range(self):
        m = RANGE.search("".join(self.head))
        return ((int(m.group(1)), int(m.group(2))), (int(m.group(3)), int(m.group(4)))) if m else None

    def extent(self):
        """The smallest span holding this node's range and its descendants' ranges."""
        lo = hi = None
        stack = [self]
        while stack:
            n = stack.pop()
            r = n.range()
            if r:
                lo = r[0] if lo is None or r[0] < lo else lo
                hi = r[1] if hi is None or r[1] > hi else hi
            stack.extend(n.kids)
        return (lo, hi) if lo else None


def parse_dump(text):
    """Parse the S-expression of `swiftc -frontend -dump-parse` (quoted strings respected)."""
    root = Node("root", None)
    cur, i, n = root, 0, len(text)
    buf = []
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            buf.append(text[i:j + 1])
            i = j + 1
            continue
        if c == "(":
            cur.head.append("".join(buf))
            buf = []
            m = re.match(r"[^\s()]*", text[i + 1:i + 200])
            node = Node(m.group(0), cur)
            cur.kids.append(node)
            cur = node
            i += 1
            continue
        if c == ")":
            cur.head.append("".join(buf))
            buf = []
            cur = cur.parent or root
            i += 1
            continue
        buf.append(c)
        i += 1
    return root


def spec_versions(node):
    """{platform: version} of an #available node's specs, or of a decl's available_attr children
    ('unavailable' marks a platform where the decl is never compiled)."""
    out = {}
    for k in node.kids:
        head = "".join(k.head)
        if k.label == "availability_spec":
            m = re.search(r"domain=(\w+)(?: version=([\d.]+))?", head)
            if m and m.group(1) in PLATFORMS + ["iOSApplicationExtension"] and m.group(2):
                out[m.group(1)] = vtuple(m.group(2))
        elif k.label == "available_attr":
            head = re.sub(r'"(?:[^"\\]|\\.)*"', '""', head)   # not inside message: "..."
            m = re.search(r"domainIdentifier=(\w+)", head)
            if not m or m.group(1) not in PLATFORMS:
                continue
            if re.search(r"\bunavailable\b", head):
                out[m.group(1)] = "unavailable"
            intro = re.search(r"introduced=([\d.]+)", head)
            if intro:
                out[m.group(1)] = vtuple(intro.group(1))
    return out


def guard_covers(versions, platform, need):
    """Does a scope with these platform versions make a symbol needing `need` on `platform` usable?"""
    v = versions.get(platform)
    if v is None and platform in ("macCatalyst", "visionOS") and "iOS" in versions:
        v = versions["iOS"]
        if platform == "visionOS" and v != "unavailable":
            v = visionos_from_ios(v)
    if v == "unavailable":
        return True
    if v is None:
        return False
    return need is None or v >= need


def availability_scopes(path):
    """[(start, end, {platform: version|'unavailable'}, what)] of the file's availability scopes."""
    r = subprocess.run(["swiftc", "-frontend", "-dump-parse", "-enable-bare-slash-regex", path],
                       capture_output=True, text=True)
    if r.returncode != 0 or not r.stdout.startswith("(source_file"):
        return None
    src = open(path, encoding="utf-8", errors="replace").read().splitlines()

    def text_between(a, b):
        (l1, c1), (l2, c2) = a, b
        if l1 == l2:
            return src[l1 - 1][c1 - 1:c2 - 1]
        return "\n".join([src[l1 - 1][c1 - 1:]] + src[l1:l2 - 1] + [src[l2 - 1][:c2 - 1]])

    scopes = []
    stack = [parse_dump(r.stdout)]
    while stack:
        node = stack.pop()
        stack.extend(node.kids)
        if node.label in ("if_stmt", "guard_stmt", "while_stmt"):
            conds = next((k for k in node.kids if k.label == "conditions=array"), None)
            avail = [k for k in (conds.kids if conds else []) if k.label == "#available"]
            if len(avail) != 1:
                continue
            versions = spec_versions(avail[0])
            braces = [k for k in node.kids if k.label in ("brace_stmt", "if_stmt")]
            rng = node.range()
            if not rng or not braces:
                continue
            first = braces[0].range()
            negated = first is not None and "#unavailable" in text_between(rng[0], first[0])
            if node.label == "guard_stmt":
                if negated:   # guard #unavailable(...) else { refined }
                    scopes.append((*braces[0].extent(), versions, "guard #unavailable"))
                else:         # the rest of the enclosing block
                    parent_rng = node.parent.extent() if node.parent and node.parent.label != "root" else ((rng[1][0] + 1, 0), (10 ** 9, 0))
                    if parent_rng:
                        scopes.append((rng[1], parent_rng[1], versions, "guard #available"))
            elif negated:
                if node.label == "if_stmt" and len(braces) > 1:
                    scopes.append((*braces[1].extent(), versions, "else of if #unavailable"))
            else:
                scopes.append((*braces[0].extent(), versions, f"{node.label.split('_')[0]} #available"))
        elif any(k.label == "available_attr" for k in node.kids):
            versions = spec_versions(node)
            if not versions:
                continue
            ext = node.extent()
            if node.label == "var_decl" and node.parent:
                sib = node.parent.kids
                idx = sib.index(node)
                if idx and sib[idx - 1].label == "pattern_binding_decl":
                    pe = sib[idx - 1].extent()
                    if pe and ext:
                        ext = (min(pe[0], ext[0]), max(pe[1], ext[1]))
            if ext:
                scopes.append((*ext, versions, "@available"))
    return scopes


# ---------------------------------------------------------------- the check

def manifest(pkg):
    r = subprocess.run(["swift", "package", "dump-package"], cwd=pkg, capture_output=True, text=True)
    if r.returncode != 0:
        die("swift package dump-package: " + r.stderr[-300:])
    return json.loads(r.stdout)


def target_files(pkg, t):
    kind = t["type"]
    root = os.path.join(pkg, t.get("path") or os.path.join("Tests" if kind == "test" else "Sources", t["name"]))
    excl = [os.path.realpath(os.path.join(root, e)) for e in t.get("exclude") or []]
    files = []
    for d, _, fs in os.walk(root):
        for f in fs:
            p = os.path.realpath(os.path.join(d, f))
            if f.endswith(".swift") and not any(p == e or p.startswith(e + os.sep) for e in excl):
                files.append(p)
    return files


def floors_of(man, overrides):
    """{platform: (major, minor)}: the overrides ({'ios': '15.0', ...}) or the manifest's floors."""
    floors = {}
    if overrides:
        for k, v in overrides.items():
            floors[SPM_NAME.get(k.lower(), k)] = vtuple(v)
    else:
        for p in man.get("platforms") or []:
            if p["platformName"].lower() in SPM_NAME:
                floors[SPM_NAME[p["platformName"].lower()]] = vtuple(p["version"])
    if "macCatalyst" not in floors and "iOS" in floors:
        floors["macCatalyst"] = floors["iOS"]          # SwiftPM derives Mac Catalyst from iOS
    if not overrides:
        for p in PLATFORMS:
            floors.setdefault(p, XCODE26_MIN[p])
    return {p: floors[p] for p in PLATFORMS if p in floors}


def check(pkg, overrides=None, cache_root=None, build=True, log=None):
    """Builds (unless told not to) and checks the package. Returns a dict:
    findings [(rel, line, col, module, api_module, symbol, {platform: (what, version)}, roles)],
    targets {name: indexed?}, counts. Raises CannotRun."""
    pkg = os.path.realpath(pkg)
    man = manifest(pkg)
    floors = floors_of(man, overrides)
    cache_root = cache_root or os.path.join(pkg, ".build", "availability-check", "symbol-graphs")
    table, nsymbols = availability_table(cache_root)

    if build:
        r = subprocess.run(["swift", "build", "--build-tests", "--enable-index-store"], cwd=pkg,
                           capture_output=True, text=True)
        if log:
            with open(log, "w") as out:
                out.write(r.stdout + r.stderr)
        if r.returncode != 0:
            errors = [l.strip() for l in (r.stdout + r.stderr).splitlines() if "error:" in l][:5]
            die("swift build --build-tests --enable-index-store failed in " + pkg + ":\n    " + "\n    ".join(errors))
    bin_path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=pkg,
                              capture_output=True, text=True).stdout.strip()
    store = os.path.join(bin_path, "index", "store")
    if not os.path.isdir(store):
        die(f"no index store at {store}: the debug build did not record one")

    excluded = [os.path.join(pkg, d) for d in os.listdir(pkg) if d.startswith(".build")]
    occurrences, modules = read_index(store, pkg, excluded)

    # Every Swift target of the package must have been indexed: one that was not is unchecked.
    # Plugin targets are not built here (they are built for the host, against PackagePlugin).
    targets = {}
    for t in man["targets"]:
        if t["type"] in ("regular", "executable", "test") and target_files(pkg, t):
            targets[t["name"]] = re.sub(r"[^\w]", "_", t["name"]) in modules
    plugins = sorted(t["name"] for t in man["targets"] if t["type"] == "plugin")

    findings = collections.defaultdict(list)
    false_positives = collections.Counter()
    for path, line, col, usr, name, roles, module in occurrences:
        if usr not in table:
            continue
        api_module, symbol, availability = table[usr]
        bad = problems(availability, floors)
        if not bad:
            continue
        if usr in FALSE_POSITIVES:
            false_positives[FALSE_POSITIVES[usr]] += 1
            continue
        findings[(path, line, col, usr)] = [module, api_module, symbol, bad, roles]
    # An implicit occurrence (the one a macro such as #expect records at its own position) next
    # to an explicit one of the same symbol on the same line is the same use: count it once.
    explicit = {(k[0], k[1], k[3]) for k, v in findings.items() if not v[4] & ROLE_IMPLICIT}
    for k in [k for k, v in findings.items() if v[4] & ROLE_IMPLICIT and (k[0], k[1], k[3]) in explicit]:
        del findings[k]

    guarded = dead = 0
    unparsed = set()
    scope_cache, dead_cache = {}, {}
    final = []
    for key in sorted(findings):
        path, line, col, usr = key
        module, api_module, symbol, bad, roles = findings[key]
        if path not in scope_cache:
            scope_cache[path] = availability_scopes(path)
            text = open(path, encoding="utf-8", errors="replace").read()
            dead_cache[path] = {p: never_compiled_lines(text, p) for p in PLATFORMS}
        scopes = scope_cache[path]
        if scopes is None:
            unparsed.add(os.path.relpath(path, pkg))
        left = {}
        for p, (what, v) in bad.items():
            if line in dead_cache[path][p]:
                continue
            need = v if what == "introduced" else (10 ** 6, 0)
            if any(s[0] <= (line, col) <= s[1] and guard_covers(s[2], p, need) for s in scopes or []):
                continue
            left[p] = (what, v)
        if not left:
            if any(line not in dead_cache[path][p] for p in bad):
                guarded += 1
            else:
                dead += 1
            continue
        final.append((os.path.relpath(path, pkg), line, col, module, api_module, symbol, left, roles))
    return {"findings": final, "targets": targets, "plugins": plugins, "floors": floors, "references": len(occurrences),
            "with_availability": len(table), "api_symbols": nsymbols, "guarded": guarded, "dead": dead,
            "false_positives": false_positives, "unparsed": sorted(unparsed)}


def describe(left):
    parts = []
    for what in ("introduced", "obsoleted", "unavailable"):
        ps = [p for p in PLATFORMS if p in left and left[p][0] == what]
        if ps:
            parts.append(("needs " if what == "introduced" else what + " on ")
                         + ", ".join(f"{p} {vstr(left[p][1])}" if left[p][1] else p for p in ps))
    return "; ".join(parts)


def report(outcome):
    """Prints the findings and a summary; returns the number of problems (findings, targets not
    indexed, files whose scopes could not be read)."""
    for rel, line, col, module, api_module, symbol, left, roles in outcome["findings"]:
        print(f"{rel}:{line}:{col}: error: {api_module} {symbol} {describe(left)} [{module}]"
              f"{' (implicit use)' if roles & ROLE_IMPLICIT else ''}")
    for rel in outcome["unparsed"]:
        print(f"{rel}: error: swiftc -dump-parse failed, so its #available scopes are unknown")
    missing = sorted(n for n, ok in outcome["targets"].items() if not ok)
    if missing:
        print("error: targets with no indexed source (unchecked): " + ", ".join(missing))
    if outcome.get("plugins"):
        print("plugin targets not checked here (built for the host; CI's macOS plugins job type-checks them): "
              + ", ".join(outcome["plugins"]))
    fp = "; ".join(f"{n} x {what}" for what, n in outcome["false_positives"].items())
    hit = sorted({f[3] for f in outcome["findings"]})
    floors = outcome["floors"]
    print(f"symbol availability: {len(outcome['findings'])} reference(s) newer than the floors"
          f"{' in ' + ', '.join(hit) if hit else ''}; "
          f"{len(outcome['targets']) - len(missing)}/{len(outcome['targets'])} targets indexed "
          f"({', '.join(sorted(outcome['targets']))}); {outcome['references']} references; "
          f"not reported: {outcome['guarded']} behind #available/@available, {outcome['dead']} in #if clauses "
          f"not built for Apple, {sum(outcome['false_positives'].values())} known false positives ({fp or 'none'}); "
          f"floors " + "/".join(f"{p} {vstr(floors[p])}" for p in PLATFORMS if p in floors))
    return len(outcome["findings"]) + len(missing) + len(outcome["unparsed"])
