// Images, edge modes and geometry are what every blur takes and returns.
@_exported import FrostImage
