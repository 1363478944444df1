import Foundation

/// A picture of a bar: rows of RGB pixels, read from a PNG that a screenshot tool wrote
/// (ImageMagick's `import` on X, grim on Wayland).
struct Screenshot {
    let width: Int
    let pixels: [UInt8]

    /// Reads `png` (ImageMagick's `convert` makes it raw RGB).
    init(png: String) throws {
        let raw = png + ".rgb"
        defer { try? FileManager.default.removeItem(atPath: raw) }
        let size = try run("/usr/bin/identify", ["-format", "%w", png])
        let convert = try run("/usr/bin/convert", [png, "-depth", "8", "rgb:" + raw])
        guard size.status == 0, convert.status == 0, let width = Int(size.stdout) else {
            throw BarError("cannot read the screenshot \(png): \(size)\n\(convert)")
        }
        self.width = width
        pixels = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
    }

    /// How many pixels are exactly `hex` (`#RRGGBB`) in columns `columns` (all by default).
    func count(_ hex: String, columns: Range<Int>? = nil) -> Int {
        let value = UInt32(hex.dropFirst(), radix: 16)!
        let rgb = (UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        return count(columns: columns) { $0 == rgb.0 && $1 == rgb.1 && $2 == rgb.2 }
    }

    /// The columns from the first to the last that hold a pixel satisfying `test`, within
    /// `columns`; nil if none does.
    func span(columns: Range<Int>? = nil, where test: (UInt8, UInt8, UInt8) -> Bool) -> ClosedRange<Int>? {
        let columns = columns ?? 0..<width
        var found: ClosedRange<Int>?
        for start in stride(from: 0, to: pixels.count, by: 3) where test(pixels[start], pixels[start + 1], pixels[start + 2]) {
            let column = (start / 3) % width
            guard columns.contains(column) else { continue }
            found = found.map { min($0.lowerBound, column)...max($0.upperBound, column) } ?? column...column
        }
        return found
    }

    /// How many pixels in `columns` satisfy `test(red, green, blue)`.
    func count(columns: Range<Int>? = nil, where test: (UInt8, UInt8, UInt8) -> Bool) -> Int {
        let columns = columns ?? 0..<width
        var found = 0
        for start in stride(from: 0, to: pixels.count, by: 3) where columns.contains((start / 3) % width) {
            if test(pixels[start], pixels[start + 1], pixels[start + 2]) { found += 1 }
        }
        return found
    }
}

struct BarError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A bar a test photographs (i3bar, waybar), each in its own way.
protocol PhotographedBar {
    /// A picture of the bar as it is now.
    func photograph() throws -> Screenshot
}

extension PhotographedBar {
    /// Photographs the bar until `condition` holds of a picture; the last one taken.
    func photograph(until timeout: Duration = .seconds(10), _ condition: (Screenshot) -> Bool) throws -> Screenshot {
        var last = try photograph()
        _ = try eventually(timeout: timeout) {
            last = try photograph()
            return condition(last)
        }
        return last
    }
}
