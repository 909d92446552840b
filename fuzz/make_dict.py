#!/usr/bin/env python3
"""Writes a libFuzzer dictionary: every object key found in the given JSON files, quoted as JSON
strings, plus the tokens of JSON itself. Usage: make_dict.py OUT.dict FILE.json ..."""
import json
import sys

TOKENS = ['{', '}', '[', ']', ':', ',', '"', 'true', 'false', 'null', '-0', '1e-9', '1e308', '0.5']


def keys(value, found):
    if isinstance(value, dict):
        for key, child in value.items():
            found.add(key)
            keys(child, found)
    elif isinstance(value, list):
        for child in value:
            keys(child, found)


def dict_line(text):
    escaped = text.replace('\\', '\\\\').replace('"', '\\"')
    return f'"{escaped}"'


def main():
    out, files = sys.argv[1], sys.argv[2:]
    found = set()
    for path in files:
        try:
            with open(path, encoding='utf-8') as f:
                keys(json.load(f), found)
        except (ValueError, UnicodeDecodeError):
            pass  # the broken seeds (not JSON on purpose) carry no keys
    with open(out, 'w', encoding='utf-8') as f:
        for token in TOKENS:
            f.write(dict_line(token) + '\n')
        for key in sorted(found):
            f.write(dict_line(json.dumps(key)) + '\n')


if __name__ == '__main__':
    main()
