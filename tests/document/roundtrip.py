#!/usr/bin/env python3
"""nmt translate-file on a document of each format, read back with Python's
own readers (zipfile, xml.etree, html.parser): the archive is sound (CRCs),
has the same entries in the same order with the untranslated ones byte for
byte, every XML part parses and has the same elements and attributes, HTML
has the same tags, subtitles the same timings, Markdown the same code.

    roundtrip.py NMT_BINARY MODEL WORK_DIR [TRANSLATE_FILE_OPTION...]
"""
import html.parser
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile

nmt, model, work = sys.argv[1:4]
extra = sys.argv[4:]
W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
ODF = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
       'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
       'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
       'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"')
S1 = "In the beginning God created the heaven and the earth."
S2 = "And God saw the light, that it was good."
PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(256))
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def zipped(path, entries):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            z.writestr(zipfile.ZipInfo(name) if name != "mimetype" else name, data,
                       compress_type=zipfile.ZIP_STORED if name == "mimetype" else zipfile.ZIP_DEFLATED)


def shape(xml_bytes):
    """Every element's tag and attributes (xml:space aside), in document order."""
    out = []
    for e in ET.fromstring(xml_bytes).iter():
        attrs = {k: v for k, v in e.attrib.items() if not k.endswith("}space")}
        out.append((e.tag, sorted(attrs.items())))
    return out


def texts(xml_bytes):
    return "".join(ET.fromstring(xml_bytes).itertext())


def make_pdf(pages):
    """A PDF of Helvetica text: a page per list of lines, "" a blank line."""
    objs = ["<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join("%d 0 R" % (4 + 2 * i) for i in range(len(pages))), len(pages)),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    for i, lines in enumerate(pages):
        content = "BT /F1 12 Tf 72 720 Td 14 TL " + " ".join("(%s) Tj T*" % l if l else "T* T*" for l in lines) + " ET"
        objs.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
                    "/Contents %d 0 R >>" % (5 + 2 * i))
        objs.append("<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
    out, offsets = b"%PDF-1.4\n", []
    for k, o in enumerate(objs):
        offsets.append(len(out))
        out += ("%d 0 obj\n%s\nendobj\n" % (k + 1, o)).encode("latin-1")
    xref = len(out)
    out += ("xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)).encode()
    out += "".join("%010d 00000 n \n" % o for o in offsets).encode()
    out += ("trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)).encode()
    return out


def make_documents():
    docs = {}
    run = '<w:r><w:rPr><w:b/></w:rPr><w:t>{}</w:t></w:r><w:r><w:t xml:space="preserve"> {}</w:t></w:r>'
    body = ''.join('<w:p><w:pPr><w:jc w:val="center"/></w:pPr>' + run.format(*s.split(" ", 1)) + '</w:p>'
                   for s in (S1, S2))
    body += '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>' + S2 + '</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'
    body += '<w:p><w:r><w:drawing><w:inline/></w:drawing></w:r><w:r><w:t>42</w:t></w:r></w:p>'
    docs["doc.docx"] = [
        ("[Content_Types].xml", '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
        ("_rels/.rels", '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>'),
        ("word/document.xml", f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document {W}><w:body>{body}<w:sectPr/></w:body></w:document>'),
        ("word/header1.xml", f'<w:hdr {W}><w:p><w:r><w:t>{S2}</w:t></w:r></w:p></w:hdr>'),
        ("word/styles.xml", f'<w:styles {W}><w:style><w:name w:val="Normal"/></w:style></w:styles>'),
        ("word/media/image1.png", PNG)]
    slide = (f'<p:sld {A} {P}><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:rPr b="1"/><a:t>{S1}</a:t></a:r>'
             f'<a:br/><a:r><a:t>{S2}</a:t></a:r><a:fld type="slidenum"><a:t>1</a:t></a:fld></a:p></p:txBody></p:sp>'
             '</p:spTree></p:cSld></p:sld>')
    docs["slides.pptx"] = [("[Content_Types].xml", "<Types/>"), ("ppt/presentation.xml", f"<p:presentation {P}/>"),
                           ("ppt/slides/slide1.xml", slide), ("ppt/media/image1.png", PNG)]
    docs["sheet.xlsx"] = [
        ("[Content_Types].xml", "<Types/>"), ("xl/workbook.xml", "<workbook/>"),
        ("xl/sharedStrings.xml", f'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>{S1}</t></si><si><t>2024</t></si></sst>'),
        ("xl/worksheets/sheet1.xml", '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row><c t="s"><v>0</v></c><c><v>3.5</v></c></row></sheetData></worksheet>')]
    odf_body = (f'<text:h text:outline-level="1">{S2}</text:h><text:p>{S1.split(" ", 2)[0]} <text:span text:style-name="b">'
                f'{S1.split(" ", 2)[1]}</text:span> {S1.split(" ", 2)[2]}<text:note><text:note-citation>1</text:note-citation>'
                f'<text:note-body><text:p>{S2}</text:p></text:note-body></text:note></text:p>')
    for ext, kind, root in (("odt", "text", "office:text"), ("odp", "presentation", "office:presentation"),
                            ("ods", "spreadsheet", "office:spreadsheet")):
        content = f'<office:document-content {ODF}><office:body><{root}>{odf_body}</{root}></office:body></office:document-content>'
        docs["doc." + ext] = [("mimetype", "application/vnd.oasis.opendocument." + kind), ("content.xml", content),
                              ("styles.xml", f"<office:document-styles {ODF}/>"), ("Pictures/a.png", PNG),
                              ("META-INF/manifest.xml", "<manifest/>")]
    chapter = (f'<?xml version="1.0" encoding="utf-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>One</title></head>'
               f'<body><h1>{S2}</h1><p>{S1}<br/><img src="a.png" alt="x"/></p></body></html>')
    docs["book.epub"] = [("mimetype", "application/epub+zip"), ("META-INF/container.xml", "<container/>"),
                         ("OEBPS/content.opf", "<package/>"), ("OEBPS/ch1.xhtml", chapter), ("OEBPS/a.png", PNG)]
    docs["page.html"] = f'<!DOCTYPE html><html><body><h1 class="t">{S2}</h1><p>{S1} <a href="x">{S2}</a></p><script>var s = "{S1}";</script></body></html>'
    docs["notes.md"] = f"# {S2}\n\n{S1} **{S2}**\n\n```\n{S1}\n```\n\n- {S2}\n"
    docs["subs.srt"] = f"1\n00:00:01,000 --> 00:00:03,000\n{S1}\n\n2\n00:00:04,000 --> 00:00:06,000\n{S2}\n"
    docs["subs.vtt"] = f"WEBVTT\n\n00:01.000 --> 00:03.000\n{S1}\n\n00:04.000 --> 00:06.000\n<i>{S2}</i>\n"
    docs["plain.txt"] = f"{S1}\n\n{S2}\n"
    docs["scan.pdf"] = make_pdf([[S1[:28], S1[28:], "", S2], [S2]])
    return docs


class Tags(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.script = [], ""

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))

    def handle_endtag(self, tag):
        self.tags.append(("/" + tag, []))

    def handle_data(self, data):
        if self.tags and self.tags[-1][0] == "script":
            self.script += data


def html_tags(text):
    t = Tags()
    t.feed(text)
    return t.tags, t.script


def compare_archive(name, entries, out_path):
    with zipfile.ZipFile(out_path) as z:
        check(z.testzip() is None, f"{name}: an entry fails its CRC")
        infos = z.infolist()
        check([i.filename for i in infos] == [e[0] for e in entries], f"{name}: entries differ: {[i.filename for i in infos]}")
        if entries[0][0] == "mimetype":
            check(infos[0].compress_type == zipfile.ZIP_STORED, f"{name}: mimetype is not stored")
        changed = False
        for entry, data in entries:
            got = z.read(entry)
            want = data.encode() if isinstance(data, str) else data
            if entry.endswith(".xhtml"):
                check(html_tags(got.decode())[0] == html_tags(want.decode())[0], f"{name}:{entry}: tags differ")
                ET.fromstring(got)  # still XML
                changed |= got != want
            elif entry.endswith(".xml") and want.lstrip().startswith(b"<"):
                check(shape(got) == shape(want), f"{name}:{entry}: elements differ:\n{got[:600]}")
                changed |= texts(got) != texts(want)
            else:
                check(got == want, f"{name}:{entry}: changed though it has no text")
        check(changed, f"{name}: nothing was translated")
        return z


def main():
    os.makedirs(work, exist_ok=True)
    for name, doc in make_documents().items():
        src = os.path.join(work, name)
        out = os.path.join(work, "es." + (name[:-4] + ".html" if name.endswith(".pdf") else name))
        if isinstance(doc, list):
            zipped(src, doc)
        elif isinstance(doc, bytes):
            with open(src, "wb") as f:
                f.write(doc)
        else:
            with open(src, "w", encoding="utf-8") as f:
                f.write(doc)
        run = subprocess.run([nmt, "translate-file", src, out, "--model", model, *extra], capture_output=True, text=True)
        if run.returncode != 0:
            failures.append(f"{name}: nmt translate-file failed: {run.stderr}")
            continue
        if isinstance(doc, list):
            z = compare_archive(name, doc, out)
            if name.endswith(".docx"):
                got = zipfile.ZipFile(out).read("word/document.xml")
                check(b"<w:t>42</w:t>" in got, f"{name}: a number was translated")
                check(got.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'), f"{name}: declaration lost")
            if name.endswith(".pptx"):
                check(b'<a:fld type="slidenum"><a:t>1</a:t></a:fld>' in zipfile.ZipFile(out).read("ppt/slides/slide1.xml"),
                      f"{name}: the slide number field changed")
            if name.endswith(".odt"):
                check(b"<text:note-citation>1</text:note-citation>" in zipfile.ZipFile(out).read("content.xml"),
                      f"{name}: the note's number changed")
            continue
        got = open(out, encoding="utf-8").read()
        check(got != doc, f"{name}: nothing was translated")
        if name.endswith(".pdf"):
            # Its text as HTML: a section per page, a paragraph per paragraph.
            tags, _ = html_tags(got)
            check([t for t, _ in tags if t == "section"] == ["section"] * 2, f"{name}: not two pages:\n{got}")
            check([t for t, _ in tags if t == "p"] == ["p"] * 3, f"{name}: not three paragraphs:\n{got}")
        elif name.endswith(".html"):
            tags, script = html_tags(got)
            want_tags, want_script = html_tags(doc)
            check(tags == want_tags, f"{name}: tags differ")
            check(script == want_script, f"{name}: the script changed")
        elif name.endswith((".srt", ".vtt")):
            timing = re.compile(r"^\S+ --> \S+$", re.M)
            check(timing.findall(got) == timing.findall(doc), f"{name}: timings differ:\n{got}")
            check(got.count("\n\n") == doc.count("\n\n"), f"{name}: cues differ:\n{got}")
            check(got.startswith("WEBVTT\n\n") == doc.startswith("WEBVTT\n\n"), f"{name}: header lost")
        elif name.endswith(".md"):
            check(f"```\n{S1}\n```" in got, f"{name}: the code block changed:\n{got}")
            check(got.startswith("# ") and "\n- " in got and "**" in got, f"{name}: markup lost:\n{got}")
        else:
            check(got.count("\n") == doc.count("\n"), f"{name}: lines differ:\n{got}")
    for f in failures:
        print("FAIL:", f)
    print(f"{len(make_documents())} formats, {len(failures)} failures")
    return 1 if failures else 0


sys.exit(main())
