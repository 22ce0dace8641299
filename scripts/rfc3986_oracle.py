#!/usr/bin/env python3
"""An independent RFC 3986 oracle: the ABNF of Appendix A transcribed into one regular
expression, used to cross-check the Swift parser on generated strings.

For every input it prints what the grammar says: valid or not, the components (RFC 3986
Appendix B split, which is exact for valid references), and for an invalid input the length of
the longest prefix that can still be completed into a valid URI-reference (the `regex` module's
partial matching), which is the offset the Swift parser must report.

  scripts/rfc3986_oracle.py generate N SEED > vectors.tsv   # random inputs + verdicts
  scripts/rfc3986_oracle.py check < inputs.txt              # verdicts for given lines
"""
import random
import sys

import regex

HEX = "[0-9A-Fa-f]"
PCT = f"%{HEX}{HEX}"
UNRESERVED = r"A-Za-z0-9\-._~"
SUB = r"!$&'()*+,;="
PCHAR = f"(?:[{UNRESERVED}{SUB}:@]|{PCT})"
SCHEME = r"[A-Za-z][A-Za-z0-9+\-.]*"
USERINFO = f"(?:[{UNRESERVED}{SUB}:]|{PCT})*"
DEC = r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])"
IPV4 = f"{DEC}\\.{DEC}\\.{DEC}\\.{DEC}"
H16 = f"{HEX}{{1,4}}"
LS32 = f"(?:{H16}:{H16}|{IPV4})"
IPV6 = "(?:" + "|".join([
    f"(?:{H16}:){{6}}{LS32}",
    f"::(?:{H16}:){{5}}{LS32}",
    f"(?:{H16})?::(?:{H16}:){{4}}{LS32}",
    f"(?:(?:{H16}:){{0,1}}{H16})?::(?:{H16}:){{3}}{LS32}",
    f"(?:(?:{H16}:){{0,2}}{H16})?::(?:{H16}:){{2}}{LS32}",
    f"(?:(?:{H16}:){{0,3}}{H16})?::{H16}:{LS32}",
    f"(?:(?:{H16}:){{0,4}}{H16})?::{LS32}",
    f"(?:(?:{H16}:){{0,5}}{H16})?::{H16}",
    f"(?:(?:{H16}:){{0,6}}{H16})?::",
]) + ")"
IPVFUTURE = f"[vV]{HEX}+\\.[{UNRESERVED}{SUB}:]+"
IP_LITERAL = f"\\[(?:{IPV6}|{IPVFUTURE})\\]"
REG_NAME = f"(?:[{UNRESERVED}{SUB}]|{PCT})*"
HOST = f"(?:{IP_LITERAL}|{IPV4}|{REG_NAME})"
AUTHORITY = f"(?:{USERINFO}@)?{HOST}(?::[0-9]*)?"
SEGMENT = f"{PCHAR}*"
SEGMENT_NZ = f"{PCHAR}+"
SEGMENT_NZ_NC = f"(?:[{UNRESERVED}{SUB}@]|{PCT})+"
PATH_ABEMPTY = f"(?:/{SEGMENT})*"
PATH_ABSOLUTE = f"/(?:{SEGMENT_NZ}(?:/{SEGMENT})*)?"
PATH_NOSCHEME = f"{SEGMENT_NZ_NC}(?:/{SEGMENT})*"
PATH_ROOTLESS = f"{SEGMENT_NZ}(?:/{SEGMENT})*"
QUERY = f"(?:{PCHAR}|[/?])*"
HIER = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_ROOTLESS}|)"
URI = f"{SCHEME}:{HIER}(?:\\?{QUERY})?(?:#{QUERY})?"
RELATIVE = f"(?://{AUTHORITY}{PATH_ABEMPTY}|{PATH_ABSOLUTE}|{PATH_NOSCHEME}|)(?:\\?{QUERY})?(?:#{QUERY})?"
URI_REFERENCE = regex.compile(f"(?:{URI}|{RELATIVE})")
SPLIT = regex.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$", regex.S)
AUTHORITY_SPLIT = regex.compile(r"^(?:([^@]*)@)?(\[[^\]]*\]|[^:]*)(?::(.*))?$", regex.S)


def verdict(text):
    if URI_REFERENCE.fullmatch(text):
        m = SPLIT.match(text)
        scheme, authority, path, query, fragment = m.group(2), m.group(4), m.group(5), m.group(7), m.group(9)
        userinfo = host = port = None
        if authority is not None:
            a = AUTHORITY_SPLIT.match(authority)
            userinfo, host, port = a.group(1), a.group(2), a.group(3)
        parts = [scheme, userinfo, host, port, path, query, fragment]
        return "valid\t" + "\t".join("-" if p is None else "=" + p for p in parts)
    # Longest viable prefix: binary search is wrong (viability is not monotone in general? it is:
    # a prefix of a viable prefix is viable), so search for the first non-viable length.
    low, high = 0, len(text)  # prefix[:low] viable; look for the smallest non-viable length
    while low < high:
        mid = (low + high + 1) // 2
        if URI_REFERENCE.fullmatch(text[:mid], partial=True):
            low = mid
        else:
            high = mid - 1
    return f"invalid\t{len(text[:low].encode())}"  # offsets are in UTF-8 bytes


TOKENS = ["a", "Z", "0", "9", "1", "2", "5", "25", "255", "256", "01", "127", ".", "-", "_", "~",
          "+", "!", "$", "&", "'", "(", ")", "*", ",", ";", "=", ":", "::", "/", "//", "?", "#",
          "[", "]", "@", "%", "%2", "%41", "%zz", "%3A", " ", "\\", "v", "V1.", "ff", "ffff",
          "::1", "1.2.3.4", "127.0.0.1", "http", "x-msauth-app", "msauth", "com.app", "[::1]",
          "[v1.x]", "[1:2:3:4:5:6:7:8]", "\"", "<", "^", "`", "{", "|", "\t", "é", "\x7f", "..", "./"]


IPV6_TOKENS = ["0", "1", "a", "F", "ff", "0ff", "ffff", "12345", ":", ":", "::", ".", "1.2", "255",
               "256", "01", "1.2.3.4", "]", "v", "g"]


def ip_literal(rng):
    return "http://[" + "".join(rng.choice(IPV6_TOKENS) for _ in range(rng.randint(0, 14))) + \
        rng.choice(["]", "]", "]:80", "]/p", "", "]x"])


def generate(count, seed):
    rng = random.Random(seed)
    prefixes = ["", "", "x:", "http://", "//", "/", "msauth://", "x-msauth-app://", "http://[", "a:b@"]
    for _ in range(count):
        if rng.random() < 0.3:
            yield ip_literal(rng)
            continue
        text = rng.choice(prefixes) + "".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 10)))
        yield text


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "generate":
        count, seed = int(sys.argv[2]), int(sys.argv[3])
        seen = set()
        for text in generate(count, seed):
            if text in seen or "\n" in text or "\t" in text:
                continue
            seen.add(text)
            sys.stdout.write(text + "\t" + verdict(text) + "\n")
    else:
        for line in sys.stdin:
            text = line.rstrip("\n")
            sys.stdout.write(text + "\t" + verdict(text) + "\n")


if __name__ == "__main__":
    main()
