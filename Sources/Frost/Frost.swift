// The umbrella module: `import Frost` brings in every public Frost module.
@_exported import FrostGeometry
@_exported import FrostImage
@_exported import FrostBlur
@_exported import FrostMotion
@_exported import FrostRaster
@_exported import FrostCanvas
@_exported import FrostEffects
@_exported import FrostScene
@_exported import FrostLayout
