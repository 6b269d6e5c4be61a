import FrostGeometry
typealias FrostGeometryColor = FrostGeometry.Color
