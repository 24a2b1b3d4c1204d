#!/usr/bin/env python3
"""Parallel text from the gettext catalogs installed on this machine, or
in the tree that --root names
(/usr/share/locale/LANG/LC_MESSAGES/*.mo: each program's English messages
and their translations), for a pivot experiment: the English messages that
two languages both translate give a direct pair with no English in it.

    mo_pairs.py [--root DIR] X Y OUT_DIR
reads DIR/usr/share/locale/LANG/LC_MESSAGES/*.mo (DIR defaults to /; the
catalogs under DIR/usr/share/locale-langpack count too, if there are any) and
writes OUT_DIR/{test,dev}.{X,en,Y} (1,000 and 500 messages that X and Y
both translate, chosen with seed 1), OUT_DIR/direct.{X,Y} (the other
messages both translate), OUT_DIR/xen.{X,en} and OUT_DIR/eny.{en,Y} (every
message each translates, the test and dev ones left out). Messages are
read from the binary catalogs directly; plural forms, messages with a
context, printf formats and one-word messages are left out, and so are
messages with markup and untranslated ones (the same text in both
languages); menu accelerators (_File, &Open, a translation's "(_F)") are
removed."""
import glob
import os
import random
import re
import struct
import sys


def read_mo(path):
    data = open(path, "rb").read()
    if len(data) < 20:
        return {}
    order = "<" if struct.unpack("<I", data[:4])[0] == 0x950412DE else ">"
    _, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    pairs = {}
    for i in range(count):
        src_len, src_at = struct.unpack(order + "2I", data[originals + 8 * i:originals + 8 * i + 8])
        tgt_len, tgt_at = struct.unpack(order + "2I", data[translations + 8 * i:translations + 8 * i + 8])
        src, tgt = data[src_at:src_at + src_len], data[tgt_at:tgt_at + tgt_len]
        if not src or b"\0" in src or b"\x04" in src:
            continue
        try:
            src, tgt = " ".join(src.decode().split()), " ".join(tgt.decode().split())
        except UnicodeDecodeError:
            continue
        if src and tgt and "%" not in src and len(src.split()) >= 2:
            pair = clean(src, tgt)
            if pair:
                pairs[pair[0]] = pair[1]
    return pairs


# Menu accelerators: "_File", "&Open" (not "&amp;"), and a translation's
# "(_F)" or "(&F)" after the word, full-width parentheses included.
ACCEL_SUFFIX = re.compile(r"\s*[(\uff08][_&]\w[)\uff09]")
ACCEL = re.compile(r"(?<!\w)_(?=\w)|(?<![\w&])&(?=\w)(?!\w+;)")
MARKUP = re.compile(r"<[A-Za-z/!][^>]*>|&(?:lt|gt|amp|quot|apos|#\d+);")


def clean(src, tgt):
    """The pair without accelerators, or None for markup or an untranslated
    message."""
    if MARKUP.search(src) or MARKUP.search(tgt):
        return None
    src = ACCEL.sub("", src)
    tgt = ACCEL.sub("", ACCEL_SUFFIX.sub("", tgt)).strip()
    if not tgt or tgt == src:
        return None
    return src, tgt


def catalog(root, lang):
    pairs = {}
    paths = []
    for share in ("locale", "locale-langpack"):
        paths += sorted(glob.glob(os.path.join(root, "usr/share", share, lang, "LC_MESSAGES/*.mo")))
    for path in paths:
        for src, tgt in read_mo(path).items():
            pairs.setdefault(src, tgt)
    return pairs


def main():
    args, root = sys.argv[1:], "/"
    if "--root" in args:
        at = args.index("--root")
        root = args[at + 1]
        del args[at:at + 2]
    x, y, out = args[:3]
    os.makedirs(out, exist_ok=True)
    cx, cy = catalog(root, x), catalog(root, y)
    shared = sorted(k for k in cx if k in cy and len(k.split()) >= 3 and len(k) <= 300)
    random.seed(1)
    random.shuffle(shared)
    test, dev = shared[:1000], shared[1000:1500]
    held = set(test) | set(dev)

    def write(name, lines):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            f.write("".join(line + "\n" for line in lines))

    for part, keys in (("test", test), ("dev", dev)):
        write(f"{part}.{x}", [cx[k] for k in keys])
        write(f"{part}.en", keys)
        write(f"{part}.{y}", [cy[k] for k in keys])
    direct = [k for k in sorted(cx) if k in cy and k not in held]
    write(f"direct.{x}", [cx[k] for k in direct])
    write(f"direct.{y}", [cy[k] for k in direct])
    xen = [k for k in sorted(cx) if k not in held]
    write(f"xen.{x}", [cx[k] for k in xen])
    write("xen.en", xen)
    eny = [k for k in sorted(cy) if k not in held]
    write("eny.en", eny)
    write(f"eny.{y}", [cy[k] for k in eny])
    print(f"{x}-{y}: {len(direct)} direct pairs, {len(xen)} {x}-en, {len(eny)} en-{y}, "
          f"{len(test)} test, {len(dev)} dev")


main()
