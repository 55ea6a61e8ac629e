/// Small icon files written by hand, so icon tests depend on no image
/// library of the test's own and on no icon theme.
public enum ImageFixtures {
    /// A PNG (8-bit RGBA, no interlace) of `width` × `height` pixels whose
    /// pixel (x, y) is `pixel(x, y)` as 0xAARRGGBB (straight alpha). The
    /// image data is zlib with stored (uncompressed) deflate blocks, which
    /// every inflater reads (RFC 1950, RFC 1951 §3.2.4).
    public static func png(width: Int, height: Int, pixel: (Int, Int) -> UInt32) -> [UInt8] {
        var raw = [UInt8]()
        raw.reserveCapacity(height * (1 + 4 * width))
        for y in 0..<height {
            raw.append(0)    // filter type None
            for x in 0..<width {
                let p = pixel(x, y)
                raw += [UInt8(p >> 16 & 0xFF), UInt8(p >> 8 & 0xFF), UInt8(p & 0xFF), UInt8(p >> 24)]
            }
        }
        return png(width: width, height: height, idat: zlibStored(raw))
    }

    /// An 8-bit grayscale PNG (color type 0, no alpha) whose pixel (x, y) is `gray(x, y)`.
    public static func grayPNG(width: Int, height: Int, gray: (Int, Int) -> UInt8) -> [UInt8] {
        let raw: [UInt8] = (0..<height).flatMap { y -> [UInt8] in [0] + (0..<width).map { gray($0, y) } }
        return png(width: width, height: height, colorType: 0, idat: zlibStored(raw))
    }

    /// A PNG signature and IHDR of `width` × `height` (8-bit, `colorType` 6:
    /// RGBA, or 0: gray) followed by `idat` as its image data and IEND: with a
    /// few bytes of `idat`, a header that promises an image that is not there.
    public static func png(width: Int, height: Int, colorType: UInt8 = 6, idat: [UInt8]) -> [UInt8] {
        pngHeader(width: width, height: height, colorType: colorType) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A PNG signature and IHDR of `width` × `height` (8-bit, `colorType` 6: RGBA, or 0: gray): what a
    /// decoder reads first, for a test to follow with chunks of its own.
    public static func pngHeader(width: Int, height: Int, colorType: UInt8 = 6) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, colorType, 0, 0, 0])
    }

    /// The start of a chunk of type `type` (4 letters) whose length field says `length` bytes: the header alone,
    /// with none of the data it promises.
    public static func chunkHeader(_ type: String, length: UInt32) -> [UInt8] {
        bigEndian(length) + Array(type.utf8)
    }

    /// A PNG of `width` × `height` opaque pixels of `rgb` (0xRRGGBB) whose
    /// image data python3's zlib compresses: a few KB at 1024 × 1024, where
    /// `png` stores 4 MiB. Throws when python3 cannot be run or fails.
    public static func compressedPNG(width: Int, height: Int, rgb: UInt32) throws -> [UInt8] {
        let script = "import sys, zlib; w, h, c = map(int, sys.argv[1:]); "
            + "sys.stdout.write(zlib.compress((b'\\0' + bytes([c >> 16 & 255, c >> 8 & 255, c & 255, 255]) * w) * h, 9).hex())"
        let python = try Command(["python3", "-c", script, "\(width)", "\(height)", "\(rgb)"])
        guard python.status == 0, python.output.count % 2 == 0 else { throw CompressionFailure(description: python.errors) }
        let hex = Array(python.output.utf8)
        let idat = stride(from: 0, to: hex.count, by: 2).compactMap { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16) }
        return png(width: width, height: height, idat: idat)
    }

    /// python3 could not compress an image; its standard error.
    public struct CompressionFailure: Error, CustomStringConvertible {
        public let description: String
    }

    /// An SVG `size` px square: a `color` (#RRGGBB) square filling it.
    public static func svg(size: Int, color: String) -> [UInt8] {
        Array("""
        <svg xmlns="http://www.w3.org/2000/svg" width="\(size)" height="\(size)" viewBox="0 0 \(size) \(size)">\
        <rect width="\(size)" height="\(size)" fill="\(color)"/></svg>
        """.utf8)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let count = min(65_535, data.count - start)
            let final: UInt8 = start + count == data.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8(~count >> 8 & 0xFF)]
            out += data[start..<start + count]
            start += count
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func crc32(_ data: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
