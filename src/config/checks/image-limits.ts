/**
 * Limits on a source image, checked by config/ where the image is referenced and enforced again
 * by sharp in images/ (README: "Images"). A tiny module of its own so the image process's bundle
 * takes these numbers without the rest of config/.
 */

/**
 * Decoded pixels of a raster source: 40 MP is more than a 7,000 × 5,000 camera picture, and
 * decoding one takes some 160 MB. sharp's own default (268 MP, a gigabyte decoded) would pass
 * a 20,000 × 13,000 "photo" that runs the image process out of memory.
 */
export const maxImagePixels = 40_000_000

/**
 * Bytes of an SVG file. A logo or an illustration is a few to a few hundred kilobytes; sanitizing
 * builds a DOM of the whole file, several times its size.
 */
export const maxSvgBytes = 1_000_000
