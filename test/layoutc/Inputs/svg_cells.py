"""Parses an SVG picture of layoutc show as XML and prints its structure:
the svg's size and viewBox, the panels, the cell count, and each cell's text
(row by row, the lines of a cell joined by '/', and "outlined" when a cell
is outlined)."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == NS + "svg", root.tag
print("size", root.get("width"), root.get("height"), "viewBox", root.get("viewBox"))
panels = root.findall(NS + "g")
print("panels", len(panels))
for panel in panels:
    cells = [e for e in panel if e.get("class") == "cell"]
    print("cells", len(cells), "rules", len([e for e in panel if e.get("class") == "rule"]))
    outlines = [e for e in panel if e.get("class") == "outline"]
    texts = [e for e in panel if e.tag == NS + "text" and e.get("class") in ("label", "detail")]
    # A cell's text lies inside its rect: group the texts by cell.
    for c in cells:
        x, y = float(c.get("x")), float(c.get("y"))
        w, h = float(c.get("width")), float(c.get("height"))
        inside = [t.text for t in texts if x <= float(t.get("x")) <= x + w and y <= float(t.get("y")) <= y + h]
        outlined = any(x <= float(o.get("x")) <= x + w and y <= float(o.get("y")) <= y + h for o in outlines)
        print("cell", c.get("fill"), "/".join(inside) + (" outlined" if outlined else ""))
for note in root.findall(NS + "text"):
    if note.get("class") == "note":
        print("note", note.text)
