"""Prints the width and height of a PNG file from its IHDR chunk."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
width, height = struct.unpack(">II", data[16:24])
print("png", width, "x", height, "bytes", len(data) > 100)
