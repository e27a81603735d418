import Foundation

// A small QR Code (ISO/IEC 18004, Model 2) encoder for `todomd token`: byte mode only, any
// version 1–40, the four error correction levels. It is a port of the algorithm in Project
// Nayuki's "QR Code generator library" (MIT), checked module for module against it.

/// A QR Code for a short text: byte mode (UTF-8), the asked error correction level (medium by
/// default) without boosting it, the smallest version (1–40) that fits, and the mask with the
/// lowest penalty score under the standard's four rules.
struct QRCode {
    enum ErrorCorrection: Int, CaseIterable {
        case low, medium, quartile, high

        /// The 2-bit value the format information carries; the standard's order is not L<M<Q<H.
        var formatBits: Int { [1, 0, 3, 2][rawValue] }
    }

    struct TooLongError: Error, CustomStringConvertible {
        let bytes: Int
        let maxBytes: Int
        var description: String { "text of \(bytes) bytes is too long for a QR code (at most \(maxBytes) at this level)" }
    }

    /// Modules per side (17 + 4 × version), without the quiet zone.
    let size: Int
    let version: Int
    let errorCorrection: ErrorCorrection
    /// The data mask used, 0–7.
    let mask: Int
    private let modules: [Bool]  // row-major, true = dark

    /// True for a dark module; anything outside the symbol (the quiet zone) is light.
    func isDark(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x]
    }

    init(text: String, ecc: ErrorCorrection = .medium) throws {
        try self.init(text: text, ecc: ecc, mask: nil)
    }

    /// `mask` pins the data mask (0–7) so tests can compare with other encoders; nil chooses it.
    init(text: String, ecc: ErrorCorrection, mask: Int?) throws {
        precondition(mask.map { (0..<8).contains($0) } ?? true, "QR mask must be 0...7")
        let bytes = Array(text.utf8)
        guard let version = (1...40).first(where: { Capacity.fits(bytes.count, version: $0, ecc: ecc) }) else {
            throw TooLongError(bytes: bytes.count, maxBytes: Capacity.maxBytes(version: 40, ecc: ecc))
        }
        let codewords = Capacity.interleavedWithECC(Capacity.dataCodewords(bytes, version: version, ecc: ecc),
                                                      version: version, ecc: ecc)
        var base = Matrix(version: version, ecc: ecc)
        base.placeCodewords(codewords)

        // Masking is an XOR, so each candidate is the unmasked matrix plus one mask.
        func masked(_ m: Int) -> Matrix { var c = base; c.applyMask(m, ecc: ecc); return c }
        let chosen = mask ?? (0..<8).map { (m: $0, score: masked($0).penaltyScore()) }.min { $0.score < $1.score }!.m
        let final = masked(chosen)

        self.size = final.size
        self.version = version
        self.errorCorrection = ecc
        self.mask = chosen
        self.modules = final.dark
    }

    /// The quiet zone the standard asks for around the symbol, in modules.
    static let quietZone = 4
}

// MARK: - Output

extension QRCode {
    /// The code as plain text for a terminal, two module rows per line with the half blocks
    /// ▀ ▄ █ and space, a 4-module quiet zone (5 at the bottom, since the height is odd).
    ///
    /// Plain text can only draw in the terminal's foreground colour ("ink"), so the polarity
    /// has to match the theme: `invert: false` inks the dark modules, right for dark text on a
    /// light background (and for text pasted into documents); `invert: true` inks the light
    /// modules and the quiet zone, right for the common light-text-on-dark terminal. Readers
    /// expect dark modules on light: some also try the inverted code (zxing-cpp does), but zbar
    /// and many scanner apps do not, so the wrong choice may not scan at all. Prefer
    /// `ansiTerminalText()` on a terminal; this is the fallback for `NO_COLOR` or a pipe, where
    /// `invert: false` suits files and documents and `--invert`-style opt-in suits dark themes.
    func terminalText(invert: Bool) -> String {
        halfBlockLines(ink: { x, y in isDark(x, y) != invert }).map { $0 + "\n" }.joined()
    }

    /// The recommended default on a colour terminal. Every cell sets its own colours from the
    /// fixed 256-colour cube, black (16) and white (231), which themes do not remap as they do
    /// the 16 basic colours: so the code has the right polarity, dark modules on light, on a
    /// dark theme as on a light one, and every reader decodes it. A cell whose two modules
    /// match is a space in that background colour; a mixed cell is ▀ with the top module as
    /// foreground and the bottom one as background. So the whole cell is covered by module
    /// colours even where the terminal adds line spacing or its font's ▀ falls short of the
    /// cell, which with plain text leaves theme-coloured stripes across the code.
    /// Each line ends with a reset so the background does not bleed into the next one.
    func ansiTerminalText() -> String {
        let q = Self.quietZone, black = 16, white = 231
        var out = ""
        for y in stride(from: -q, to: size + q, by: 2) {
            var fg = -1, bg = -1
            func set(_ code: Int, _ current: inout Int, _ layer: Int) {
                if current != code { out += "\u{1B}[\(layer);5;\(code)m"; current = code }
            }
            for x in -q..<size + q {
                let top = isDark(x, y) ? black : white, bottom = isDark(x, y + 1) ? black : white
                if top == bottom {
                    set(top, &bg, 48)
                    out += " "
                } else {
                    set(top, &fg, 38)
                    set(bottom, &bg, 48)
                    out += "▀"
                }
            }
            out += "\u{1B}[0m\n"
        }
        return out
    }

    /// Lines of half blocks over the code and its quiet zone: a terminal cell is about twice
    /// as tall as wide, so one cell per module pair keeps the modules square.
    private func halfBlockLines(ink: (Int, Int) -> Bool) -> [String] {
        let q = Self.quietZone
        return stride(from: -q, to: size + q, by: 2).map { y in
            String((-q..<size + q).map { x -> Character in
                switch (ink(x, y), ink(x, y + 1)) {
                case (true, true): return "█"
                case (true, false): return "▀"
                case (false, true): return "▄"
                case (false, false): return " "
                }
            })
        }
    }

    /// A plain (P1, ASCII) PBM image, 1 = black, with the quiet zone and `scale` pixels per
    /// module; lines are wrapped at 70 characters as the format asks.
    func pbm(scale: Int = 1) -> String {
        precondition(scale >= 1)
        let q = Self.quietZone, side = (size + 2 * q) * scale
        var out = "P1\n\(side) \(side)\n"
        for py in 0..<side {
            let row = (0..<side).map { px in isDark(px / scale - q, py / scale - q) ? "1" : "0" }.joined()
            var rest = Substring(row)
            while !rest.isEmpty {
                out += rest.prefix(70) + "\n"
                rest = rest.dropFirst(70)
            }
        }
        return out
    }
}

// MARK: - Building blocks

extension QRCode {
    /// Block structure per version and level (the standard's error correction table), and
    /// turning data into the final codeword sequence.
    enum Capacity {
        // Index [level][version]; index 0 is unused so versions index directly (versions 1–20, 21–40).
        static let eccCodewordsPerBlock: [[Int]] = [
            // L
            [-1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
             28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
            // M
            [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
             26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28],
            // Q
            [-1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
             28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
            // H
            [-1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
             30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30],
        ]
        static let errorCorrectionBlocks: [[Int]] = [
            // L
            [-1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
             8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25],
            // M
            [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
             17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49],
            // Q
            [-1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
             23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68],
            // H
            [-1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
             25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81],
        ]

        /// Modules left for codewords once the function patterns are drawn; may not be a multiple
        /// of 8, the leftover "remainder bits" stay light.
        static func rawDataModules(version v: Int) -> Int {
            var result = (16 * v + 128) * v + 64
            if v >= 2 {
                let align = v / 7 + 2
                result -= (25 * align - 10) * align - 55
                if v >= 7 { result -= 36 }  // two 6×3 version blocks
            }
            return result
        }

        static func dataCodewordCount(version v: Int, ecc: ErrorCorrection) -> Int {
            rawDataModules(version: v) / 8 - eccCodewordsPerBlock[ecc.rawValue][v] * errorCorrectionBlocks[ecc.rawValue][v]
        }

        /// Width of the byte-mode character count field.
        static func countBits(version v: Int) -> Int { v <= 9 ? 8 : 16 }

        static func maxBytes(version v: Int, ecc: ErrorCorrection) -> Int {
            (dataCodewordCount(version: v, ecc: ecc) * 8 - 4 - countBits(version: v)) / 8
        }

        static func fits(_ byteCount: Int, version v: Int, ecc: ErrorCorrection) -> Bool {
            byteCount <= maxBytes(version: v, ecc: ecc) && byteCount < 1 << countBits(version: v)
        }

        /// One byte-mode segment, then the terminator and padding the standard prescribes.
        static func dataCodewords(_ bytes: [UInt8], version v: Int, ecc: ErrorCorrection) -> [UInt8] {
            let capacity = dataCodewordCount(version: v, ecc: ecc) * 8
            var bits = BitWriter()
            bits.append(0b0100, count: 4)
            bits.append(bytes.count, count: countBits(version: v))
            for b in bytes { bits.append(Int(b), count: 8) }
            bits.append(0, count: min(4, capacity - bits.count))
            bits.append(0, count: (8 - bits.count % 8) % 8)
            var out = bits.bytes
            // The standard's alternating pad bytes, so unused capacity does not become a flat area.
            for i in 0..<capacity / 8 - out.count { out.append(i % 2 == 0 ? 0xEC : 0x11) }
            return out
        }

        /// Splits data into blocks, appends each block's Reed–Solomon codewords, and interleaves
        /// them byte by byte so damage to one area of the symbol spreads over many blocks.
        static func interleavedWithECC(_ data: [UInt8], version v: Int, ecc: ErrorCorrection) -> [UInt8] {
            let blockCount = errorCorrectionBlocks[ecc.rawValue][v]
            let eccLen = eccCodewordsPerBlock[ecc.rawValue][v]
            let raw = rawDataModules(version: v) / 8
            let shortBlocks = blockCount - raw % blockCount  // the rest carry one more data byte
            let shortLen = raw / blockCount
            let divisor = ReedSolomon.divisor(degree: eccLen)

            var blocks: [[UInt8]] = []
            var k = 0
            for i in 0..<blockCount {
                let n = shortLen - eccLen + (i < shortBlocks ? 0 : 1)
                var block = Array(data[k..<k + n])
                k += n
                let ecc = ReedSolomon.remainder(block, divisor)
                if i < shortBlocks { block.append(0) }  // placeholder so all blocks align; skipped below
                blocks.append(block + ecc)
            }
            var out: [UInt8] = []
            out.reserveCapacity(raw)
            for i in 0..<blocks[0].count {
                for (j, block) in blocks.enumerated() where i != shortLen - eccLen || j >= shortBlocks {
                    out.append(block[i])
                }
            }
            return out
        }
    }

    struct BitWriter {
        private var bits: [Bool] = []
        var count: Int { bits.count }

        /// Most significant bit first, the order of every QR field.
        mutating func append(_ value: Int, count: Int) {
            for i in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> i) & 1 == 1) }
        }

        var bytes: [UInt8] {
            stride(from: 0, to: bits.count, by: 8).map { i in bits[i..<i + 8].reduce(0) { $0 << 1 | ($1 ? 1 : 0) } }
        }
    }

    /// Reed–Solomon error correction over GF(2⁸) with the QR polynomial x⁸+x⁴+x³+x²+1 (0x11D).
    enum ReedSolomon {
        static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
            // Russian-peasant multiplication, reducing modulo 0x11D as it goes.
            var z: UInt16 = 0
            for i in stride(from: 7, through: 0, by: -1) {
                z = (z << 1) ^ ((z >> 7) * 0x11D)
                z ^= UInt16((y >> UInt8(i)) & 1) * UInt16(x)
            }
            return UInt8(z)
        }

        /// Coefficients (highest power first, leading 1 dropped) of ∏(x − αⁱ) for i in 0..<degree, α = 2.
        static func divisor(degree: Int) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: degree)
            result[degree - 1] = 1
            var root: UInt8 = 1
            for _ in 0..<degree {
                for j in 0..<degree {
                    result[j] = multiply(result[j], root)
                    if j + 1 < degree { result[j] ^= result[j + 1] }
                }
                root = multiply(root, 2)
            }
            return result
        }

        /// The remainder of data·x^degree divided by the generator: the ECC codewords.
        static func remainder(_ data: [UInt8], _ divisor: [UInt8]) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: divisor.count)
            for b in data {
                let factor = b ^ result.removeFirst()
                result.append(0)
                for i in result.indices { result[i] ^= multiply(divisor[i], factor) }
            }
            return result
        }
    }

    // MARK: - Matrix

    /// The module grid while it is built: function patterns first (marked `reserved` so data and
    /// masks skip them), then codewords, then a mask and the format bits that name it.
    struct Matrix {
        let version: Int
        let size: Int
        var dark: [Bool]
        private var reserved: [Bool]

        init(version: Int, ecc: ErrorCorrection) {
            self.version = version
            size = 17 + 4 * version
            dark = Array(repeating: false, count: size * size)
            reserved = dark
            drawFunctionPatterns(ecc: ecc)
        }

        private mutating func setFunction(_ x: Int, _ y: Int, _ isDark: Bool) {
            dark[y * size + x] = isDark
            reserved[y * size + x] = true
        }

        private mutating func drawFunctionPatterns(ecc: ErrorCorrection) {
            for i in 0..<size {
                setFunction(6, i, i % 2 == 0)
                setFunction(i, 6, i % 2 == 0)
            }
            // Finder patterns with their light separators (the parts that fall inside the symbol).
            for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
                for dy in -4...4 {
                    for dx in -4...4 where (0..<size).contains(cx + dx) && (0..<size).contains(cy + dy) {
                        let ring = max(abs(dx), abs(dy))
                        setFunction(cx + dx, cy + dy, ring != 2 && ring != 4)
                    }
                }
            }
            // Alignment patterns everywhere on the grid except where they would hit a finder.
            let positions = Self.alignmentPositions(version: version)
            let last = positions.count - 1
            for (i, ax) in positions.enumerated() {
                for (j, ay) in positions.enumerated() where !((i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0)) {
                    for dy in -2...2 {
                        for dx in -2...2 { setFunction(ax + dx, ay + dy, max(abs(dx), abs(dy)) != 1) }
                    }
                }
            }
            // Placeholder format bits, only to reserve their modules; the real ones follow the mask.
            drawFormatBits(ecc: ecc, mask: 0)
            drawVersionBits()
        }

        /// Alignment pattern centres, used on both axes: 6, then evenly spaced (even steps) back
        /// from size − 7. Version 32 is the one version whose step the formula gets wrong.
        static func alignmentPositions(version v: Int) -> [Int] {
            if v == 1 { return [] }
            let count = v / 7 + 2
            let step = v == 32 ? 26 : (v * 4 + count * 2 + 1) / (count * 2 - 2) * 2
            let size = 17 + 4 * v
            return [6] + (0..<count - 1).map { size - 7 - $0 * step }.reversed()
        }

        /// 5 bits (level, mask) plus a BCH(15,5) code, XOR 0x5412 so the field is never all light,
        /// written twice (around the top-left finder, and split between the other two).
        mutating func drawFormatBits(ecc: ErrorCorrection, mask: Int) {
            let data = ecc.formatBits << 3 | mask
            var rem = data
            for _ in 0..<10 { rem = (rem << 1) ^ ((rem >> 9) * 0x537) }
            let bits = (data << 10 | rem) ^ 0x5412
            func bit(_ i: Int) -> Bool { (bits >> i) & 1 == 1 }

            for i in 0...5 { setFunction(8, i, bit(i)) }
            setFunction(8, 7, bit(6))  // row 6 is the timing pattern
            setFunction(8, 8, bit(7))
            setFunction(7, 8, bit(8))
            for i in 9..<15 { setFunction(14 - i, 8, bit(i)) }

            for i in 0..<8 { setFunction(size - 1 - i, 8, bit(i)) }
            for i in 8..<15 { setFunction(8, size - 15 + i, bit(i)) }
            setFunction(8, size - 8, true)  // the "dark module", always dark
        }

        /// From version 7: 6 bits of version plus a BCH(18,6) code, in two 6×3 blocks.
        private mutating func drawVersionBits() {
            guard version >= 7 else { return }
            var rem = version
            for _ in 0..<12 { rem = (rem << 1) ^ ((rem >> 11) * 0x1F25) }
            let bits = version << 12 | rem
            for i in 0..<18 {
                let bit = (bits >> i) & 1 == 1
                let a = size - 11 + i % 3, b = i / 3
                setFunction(a, b, bit)
                setFunction(b, a, bit)
            }
        }

        /// Codeword bits go in two-module-wide columns from the bottom right, snaking up then down,
        /// skipping the vertical timing column and every reserved module.
        mutating func placeCodewords(_ codewords: [UInt8]) {
            let total = codewords.count * 8
            var i = 0
            var right = size - 1
            while right >= 1 {
                if right == 6 { right = 5 }
                let upward = (right + 1) & 2 == 0
                for vert in 0..<size {
                    let y = upward ? size - 1 - vert : vert
                    for x in [right, right - 1] where !reserved[y * size + x] && i < total {
                        dark[y * size + x] = (codewords[i >> 3] >> UInt8(7 - (i & 7))) & 1 == 1
                        i += 1
                    }
                }
                right -= 2
            }
        }

        /// XORs the data area with mask pattern `mask` and writes the format bits naming it.
        mutating func applyMask(_ mask: Int, ecc: ErrorCorrection) {
            for y in 0..<size {
                for x in 0..<size where !reserved[y * size + x] {
                    let flip: Bool
                    switch mask {
                    case 0: flip = (x + y) % 2 == 0
                    case 1: flip = y % 2 == 0
                    case 2: flip = x % 3 == 0
                    case 3: flip = (x + y) % 3 == 0
                    case 4: flip = (x / 3 + y / 2) % 2 == 0
                    case 5: flip = x * y % 2 + x * y % 3 == 0
                    case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                    default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                    }
                    if flip { dark[y * size + x].toggle() }
                }
            }
            drawFormatBits(ecc: ecc, mask: mask)
        }

        /// The standard's mask penalty: runs of 5+ same-coloured modules in a line (N1), 2×2 blocks
        /// (N2), finder-like 1:1:3:1:1 patterns with 4 light modules on a side (N3), and how far
        /// the dark share is from 50% (N4). Lower scans better.
        func penaltyScore() -> Int {
            var score = 0
            for y in 0..<size { score += linePenalty { dark[y * size + $0] } }
            for x in 0..<size { score += linePenalty { dark[$0 * size + x] } }
            for y in 0..<size - 1 {
                for x in 0..<size - 1 {
                    let c = dark[y * size + x]
                    if c == dark[y * size + x + 1] && c == dark[(y + 1) * size + x] && c == dark[(y + 1) * size + x + 1] {
                        score += 3
                    }
                }
            }
            let darkCount = dark.lazy.filter { $0 }.count, total = size * size
            // Smallest k with (45 − 5k)% ≤ dark share ≤ (55 + 5k)%.
            let k = (abs(darkCount * 20 - total * 10) + total - 1) / total - 1
            return score + k * 10
        }

        /// N1 and N3 for one row or column, `module(i)` giving its i-th module.
        private func linePenalty(_ module: (Int) -> Bool) -> Int {
            var score = 0
            var runColor = false, runLength = 0
            var history = FinderRunHistory(lineLength: size)
            for i in 0..<size {
                if module(i) == runColor {
                    runLength += 1
                    if runLength == 5 { score += 3 } else if runLength > 5 { score += 1 }
                } else {
                    history.add(runLength)
                    if !runColor { score += history.finderLikePatterns() * 40 }
                    runColor = module(i)
                    runLength = 1
                }
            }
            return score + history.terminate(runColor: runColor, runLength: runLength) * 40
        }
    }

    /// The last seven run lengths of a line, newest first, to spot dark-light-dark(3)-light-dark
    /// runs in 1:1:3:1:1 with a light run of 4× on one side. The area beyond the line counts as
    /// light (the quiet zone), so the first and last runs are padded by the line length.
    struct FinderRunHistory {
        let lineLength: Int
        private var runs = [Int](repeating: 0, count: 7)

        init(lineLength: Int) { self.lineLength = lineLength }

        mutating func add(_ length: Int) {
            let padded = runs[0] == 0 ? length + lineLength : length  // the line's first run
            runs.removeLast()
            runs.insert(padded, at: 0)
        }

        /// 0, 1 or 2; only meaningful right after a light run was added.
        func finderLikePatterns() -> Int {
            let n = runs[1]
            let core = n > 0 && runs[2] == n && runs[3] == n * 3 && runs[4] == n && runs[5] == n
            return (core && runs[0] >= n * 4 && runs[6] >= n ? 1 : 0) + (core && runs[6] >= n * 4 && runs[0] >= n ? 1 : 0)
        }

        mutating func terminate(runColor: Bool, runLength: Int) -> Int {
            var length = runLength
            if runColor {  // close the dark run so the final run added is light
                add(length)
                length = 0
            }
            add(length + lineLength)
            return finderLikePatterns()
        }
    }
}
