// Points, sizes, rectangles, colours and the sRGB transfer function are the vocabulary every
// image API speaks, so importing FrostImage brings them along.
@_exported import FrostGeometry
