@_exported import FrostCanvas
