import XCTest
@testable import todomd

/// The QR encoder against reference symbols from independent encoders, the standard's tables,
/// and the renderings a phone scans. Decoding with real readers (zbar, zxing-cpp) was checked
/// when the encoder was written; no decoder is assumed here.
final class QRCodeTests: XCTestCase {
    struct Reference {
        let text: String
        let ecc: QRCode.ErrorCorrection
        let version: Int
        let mask: Int
        let rows: [String]  // "#" dark, "." light, no quiet zone
    }

    /// Made with PyPI `qrcode` 8.2 (byte mode, this level and mask) and identical in Nayuki's
    /// `qrcodegen` 1.8.0, whose own mask choice is the `mask` here. Between them they cover
    /// levels M and H, alignment patterns (v5), version information and unequal blocks
    /// (v8-M: 2×38 + 2×39 data codewords).
    static let references: [Reference] = [
        Reference(text: "hello", ecc: .medium, version: 1, mask: 0, rows: [
            "#######..##...#######",
            "#.....#.##....#.....#",
            "#.###.#..#.##.#.###.#",
            "#.###.#...##..#.###.#",
            "#.###.#.##..#.#.###.#",
            "#.....#.....#.#.....#",
            "#######.#.#.#.#######",
            "..........###........",
            "#.#.#.#..#.#....#..#.",
            "..#.##....#...#....##",
            ".#.#..#.###.#...#####",
            "##..#.........#....#.",
            ".##.#.##..#.#.#.#....",
            "........####.#.#..###",
            "#######...##.###..###",
            "#.....#...####.##....",
            "#.###.#.#.##.###...##",
            "#.###.#..#....##..##.",
            "#.###.#.###.#...#.#.#",
            "#.....#..#....#.#..#.",
            "#######.###.#.##...##",
        ]),
        Reference(text: "todomd", ecc: .high, version: 1, mask: 6, rows: [
            "#######..##.#.#######",
            "#.....#..#....#.....#",
            "#.###.#.####..#.###.#",
            "#.###.#.#.##..#.###.#",
            "#.###.#...#...#.###.#",
            "#.....#...#...#.....#",
            "#######.#.#.#.#######",
            "..........#..........",
            "...##.##.........##..",
            ".#.###.####.##..##...",
            "..#...#...#.###.#..##",
            "..####..#..#.##...#..",
            "###.###.##.#..#..#..#",
            "........#...#....##..",
            "#######.#..##.###.#..",
            "#.....#..#.#.##.###..",
            "#.###.#.####.....#.##",
            "#.###.#.######.......",
            "#.###.#..#..#.#.#..##",
            "#.....#....#...#.####",
            "#######..#..#.#......",
        ]),
        Reference(text: "http://192.168.1.23:7878/login?token=Qm9vdHN0cmFwLXRva2VuLWZvci10b2RvbWQtdGVzdHM", ecc: .medium, version: 5, mask: 2, rows: [
            "#######......###.#.##.#...###.#######",
            "#.....#..#####.#.##...#.#..#..#.....#",
            "#.###.#.####.#.....######.###.#.###.#",
            "#.###.#.#.#..#...#....#.##..#.#.###.#",
            "#.###.#.#.#..##..#####.##.....#.###.#",
            "#.....#.####.#...##.#...####..#.....#",
            "#######.#.#.#.#.#.#.#.#.#.#.#.#######",
            "........##..####..####..#.#.#........",
            "#.#####...##..####.##.##..#...#####..",
            "....##..#.#..#.#..#.#.##########.#.#.",
            ".##.#.##.#..#####...###.#####....#.##",
            ".#..#..#.#####.#...###.##..####.#...#",
            ".###.##..###.#.#.#....#..#.#..#######",
            "######.#####.##.#.####.####..#.....#.",
            "##...##..#....##......#..#.#..##.#..#",
            "##..##...###..#.#.#.##.#...#.........",
            "##....##.#.##.##......#.###.####..##.",
            "##..##.#...#.#.####.#..#..#.##.#.#.#.",
            "...#.####.#.###..#....#.##.#..#...###",
            "##.#...##.#...#.#.#.###.#...#..##...#",
            ".########..#.#..###.#.#..#.##.#####..",
            ".##....#..##....##.###.##.#......#..#",
            ".##..###.#.##.###.#.#...####.#####.##",
            "#.#..#.#.###.###..####..#...#..###..#",
            ".#..#.###.#.##..#..#.###.######...#..",
            "#.#..#.##......#.########..##..#..#..",
            "#..#.###...#.#.##.....#..#.#.#.##..##",
            "#.#..#.####...##....###.#.#....#....#",
            "#.#.#.#.....#####...#.#..#.#######..#",
            "........#######..#.#.#.##.#.#...###.#",
            "#######..##.#..##.....#..#..#.#.#####",
            "#.....#.####..###..#####..###...##..#",
            "#.###.#.#.##......#####..############",
            "#.###.#.#..#...##.###.####....#.#..##",
            "#.###.#.#####.#...#.##...#.#.#...####",
            "#.....#......#..#....##.#...#.###...#",
            "#######.#..####..#....##.#.#.####.###",
        ]),
        Reference(text: String(repeating: "The quick brown fox jumps over the lazy dog. ", count: 3) + "todo!", ecc: .medium, version: 8, mask: 2, rows: [
            "#######....#.#...#......#....##.....#...#.#######",
            "#.....#..##...#....#.#####.#...#.##.#.###.#.....#",
            "#.###.#.#.#..#.###.###.###..###.##.....##.#.###.#",
            "#.###.#.#.#####.#.##..#.#.#..###.#.###.#..#.###.#",
            "#.###.#.#.#..##...#..######.####....##....#.###.#",
            "#.....#.##..###..###.##...#.#...#####.#...#.....#",
            "#######.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#.#######",
            "........#.##..##..#...#...####..###..#.#.........",
            "#.#####...####.#.#.########....#..####.##.#####..",
            "#.####..##..#.#.####..####.#..####.#...#..#.#....",
            "...#.####..#.#.###.#..#.#.##...#.##.#.#......#..#",
            "#..##..#..#....#..###.....#.#.#####..#...##.#..##",
            "#..##.####..#..####...###.#..#.#.#..#..#####.##..",
            "#......###..##..#.###.#..#..###.#....#...##..#...",
            ".#..#.#.#...#.##..#.#######.#...####..##...###.##",
            "#.#.##.#...###..#..##.##.#.#.#.##......#.#..#...#",
            ".#.##.##.#.##.#.###.##.####.##.#.#..#..##....####",
            "....#..#...##..#.###.##.##.####....###....#####..",
            "##.####...##.#...###.#..#.#.#....##...##...#.#..#",
            "#.#.....###......###...#.#####..#..##..##.###..#.",
            "#...#.###..#....##.######.#..###.####.######.##.#",
            "#.####.....##.....##.#..########....##.#.###.#.#.",
            "##.######..#....##.#.#######.#.#.##.###.######.##",
            "###.#...##.#.#..#.##.##...###.####......#...#...#",
            ".####.#.#..#.###....###.#.##..##.#.##..##.#.###.#",
            "###.#...#..##...##.#..#...##.####..###..#...####.",
            "#...#####..###.#..#...#######..####..#########.##",
            ".####...#....##....##...#..##...#....##.##.......",
            "......##.#.#..#....#.#..##...#.#...#####..#####..",
            "#.#.#...#.###...#....#.#.#.#..#..#.#.#.#..##..###",
            "..#.#.##.#.#...##..#.....#.#.....####.#..###..###",
            "#...##.##.##....##...#.#.###.##.#.##.##..#.#....#",
            ".####.#.#.#..#..######...#.#..#...###..##...#.##.",
            "..#..#.#.....#.#..##.#####...##.#....#.#.###...#.",
            "#..####....###.#.#..##..##.#...####...#..##....##",
            ".#..#...####..#.#.#.###.#.#.#.###.#.....#....#..#",
            "#..##.###..##...##..####.##...##..#.#.##..#.###.#",
            ".##.#..#.#.#.#######.####.######.....#.##.##.....",
            ".#...##.#....####...#..##..#.#....##..##.#####..#",
            ".###....#.#.#..#...#...#..#.###.##......#####....",
            "###...#....#.#..#...#.#####....#.#####.########.#",
            "........#..###..####..#...#.###.#..###..#...#..#.",
            "#######..#..##....#...#.#.#.#.....#####.#.#.#..##",
            "#.....#.######.#..#..##...###.#.##.#.#.##...##.##",
            "#.###.#.##.######.#...######..#..#.############.#",
            "#.###.#.##..###.##.##.#.....###....#...##..##...#",
            "#.###.#.###..##.##..##..##.#....#.##..#....#.##..",
            "#.....#....##..##.####.....###..#..#...#.##.....#",
            "#######.###..#..###.#...##.#.#....####...#...####",
        ]),
    ]

    func picture(_ qr: QRCode) -> [String] {
        (0..<qr.size).map { y in String((0..<qr.size).map { qr.isDark($0, y) ? "#" : "." }) }
    }

    func testMatchesReferenceSymbols() throws {
        for ref in Self.references {
            let pinned = try QRCode(text: ref.text, ecc: ref.ecc, mask: ref.mask)
            XCTAssertEqual(pinned.version, ref.version, ref.text)
            XCTAssertEqual(picture(pinned), ref.rows, ref.text)
            // The penalty rules must pick the same mask as the reference implementation.
            let chosen = try QRCode(text: ref.text, ecc: ref.ecc)
            XCTAssertEqual(chosen.mask, ref.mask, ref.text)
            XCTAssertEqual(picture(chosen), ref.rows, ref.text)
        }
    }

    /// The penalty of every mask, as qrcodegen 1.8.0 scores the same symbols (`_get_penalty_score`),
    /// so each rule's weight is checked, not only the winner.
    func testPenaltyScoresOfEveryMask() {
        let cases: [(text: String, scores: [Int])] = [
            ("hello", [1008, 1150, 1010, 1160, 1260, 1090, 1117, 1079]),
            (Self.references[2].text, [1849, 1896, 1590, 1795, 1735, 1678, 1715, 1720]),
            (Self.references[3].text, [2717, 2564, 2394, 2525, 2459, 2560, 2592, 2559]),
            (String(repeating: " ", count: 40), [1155, 1345, 1587, 1317, 1532, 1444, 1504, 1234]),  // mask 6 is 5–10% off balance (N4)
        ]
        for c in cases {
            let bytes = Array(c.text.utf8)
            let version = (1...40).first { QRCode.Capacity.fits(bytes.count, version: $0, ecc: .medium) }!
            var unmasked = QRCode.Matrix(version: version, ecc: .medium)
            unmasked.placeCodewords(QRCode.Capacity.interleavedWithECC(
                QRCode.Capacity.dataCodewords(bytes, version: version, ecc: .medium), version: version, ecc: .medium))
            let scores = (0..<8).map { mask -> Int in
                var m = unmasked
                m.applyMask(mask, ecc: .medium)
                return m.penaltyScore()
            }
            XCTAssertEqual(scores, c.scores, c.text)
        }
    }

    /// The standard's worked example (version 1-M, "01234567" in numeric mode): its generator
    /// polynomial of degree 7 and the 10 error correction codewords of its data.
    func testReedSolomonKnownAnswers() {
        XCTAssertEqual(QRCode.ReedSolomon.divisor(degree: 7), [0x7F, 0x7A, 0x9A, 0xA4, 0x0B, 0x44, 0x75])
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        XCTAssertEqual(QRCode.ReedSolomon.remainder(data, QRCode.ReedSolomon.divisor(degree: 10)),
                       [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    func testDataCodewordsHaveTerminatorAndAlternatingPads() {
        XCTAssertEqual(QRCode.Capacity.dataCodewords(Array("hello".utf8), version: 1, ecc: .medium),
                       [0x40, 0x56, 0x86, 0x56, 0xC6, 0xC6, 0xF0, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC])
    }

    /// Both copies of the 15 format bits, for every level and mask, against the standard's table.
    func testFormatInformationForEveryLevelAndMask() throws {
        let table: [QRCode.ErrorCorrection: [String]] = [
            .low: ["111011111000100", "111001011110011", "111110110101010", "111100010011101",
                   "110011000101111", "110001100011000", "110110001000001", "110100101110110"],
            .medium: ["101010000010010", "101000100100101", "101111001111100", "101101101001011",
                      "100010111111001", "100000011001110", "100111110010111", "100101010100000"],
            .quartile: ["011010101011111", "011000001101000", "011111100110001", "011101000000110",
                        "010010010110100", "010000110000011", "010111011011010", "010101111101101"],
            .high: ["001011010001001", "001001110111110", "001110011100111", "001100111010000",
                    "000011101100010", "000001001010101", "000110100001100", "000100000111011"],
        ]
        for (ecc, strings) in table {
            for (mask, expected) in strings.enumerated() {
                let qr = try QRCode(text: "hello", ecc: ecc, mask: mask)
                let n = qr.size
                func bits(_ cells: [(Int, Int)]) -> String { String(cells.map { qr.isDark($0.0, $0.1) ? "1" : "0" }) }
                // Most significant bit first: along row 8 then up column 8 by the top-left finder;
                // up column 8 by the bottom-left finder then along row 8 by the top-right one.
                let first = bits([0, 1, 2, 3, 4, 5, 7, 8].map { ($0, 8) } + [7, 5, 4, 3, 2, 1, 0].map { (8, $0) })
                let second = bits((1...7).map { (8, n - $0) } + (8...15).map { (n - 16 + $0, 8) })
                XCTAssertEqual(first, expected, "\(ecc) mask \(mask)")
                XCTAssertEqual(second, expected, "\(ecc) mask \(mask)")
                XCTAssertTrue(qr.isDark(8, n - 8), "the dark module")
            }
        }
    }

    /// Version 7 carries 0x07C94 (6 version bits + BCH(18,6)) in two 6×3 blocks.
    func testVersionInformation() throws {
        let qr = try QRCode(text: String(repeating: "v", count: 110), ecc: .medium, mask: 0)
        XCTAssertEqual(qr.version, 7)
        var topRight = 0, bottomLeft = 0
        for i in 0..<18 {
            if qr.isDark(qr.size - 11 + i % 3, i / 3) { topRight |= 1 << i }
            if qr.isDark(i / 3, qr.size - 11 + i % 3) { bottomLeft |= 1 << i }
        }
        XCTAssertEqual(topRight, 0x07C94)
        XCTAssertEqual(bottomLeft, 0x07C94)
    }

    /// Alignment pattern centres of every version, as the standard's table (Annex E) gives them;
    /// version 32 is the one the spacing formula gets wrong.
    func testAlignmentPatternPositions() {
        let table: [[Int]] = [
            [], [6, 18], [6, 22], [6, 26],
            [6, 30], [6, 34], [6, 22, 38], [6, 24, 42],
            [6, 26, 46], [6, 28, 50], [6, 30, 54], [6, 32, 58],
            [6, 34, 62], [6, 26, 46, 66], [6, 26, 48, 70], [6, 26, 50, 74],
            [6, 30, 54, 78], [6, 30, 56, 82], [6, 30, 58, 86], [6, 34, 62, 90],
            [6, 28, 50, 72, 94], [6, 26, 50, 74, 98], [6, 30, 54, 78, 102], [6, 28, 54, 80, 106],
            [6, 32, 58, 84, 110], [6, 30, 58, 86, 114], [6, 34, 62, 90, 118], [6, 26, 50, 74, 98, 122],
            [6, 30, 54, 78, 102, 126], [6, 26, 52, 78, 104, 130], [6, 30, 56, 82, 108, 134], [6, 34, 60, 86, 112, 138],
            [6, 30, 58, 86, 114, 142], [6, 34, 62, 90, 118, 146], [6, 30, 54, 78, 102, 126, 150], [6, 24, 50, 76, 102, 128, 154],
            [6, 28, 54, 80, 106, 132, 158], [6, 32, 58, 84, 110, 136, 162], [6, 26, 54, 82, 110, 138, 166], [6, 30, 58, 86, 114, 142, 170],
        ]
        XCTAssertEqual((1...40).map { QRCode.Matrix.alignmentPositions(version: $0) }, table)
    }

    /// Byte-mode capacity of every version and level, as the standard's table gives it.
    func testCapacityTable() {
        let table: [QRCode.ErrorCorrection: [Int]] = [
            .low: [17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792, 858,
                   929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188, 2303, 2431, 2563, 2699, 2809, 2953],
            .medium: [14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
                      711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331],
            .quartile: [11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292, 322, 364, 394, 442, 482,
                        509, 565, 611, 661, 715, 751, 805, 868, 908, 982, 1030, 1112, 1168, 1228, 1283, 1351, 1423, 1499, 1579, 1663],
            .high: [7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194, 220, 250, 280, 310, 338, 382,
                    403, 439, 461, 511, 535, 593, 625, 658, 698, 742, 790, 842, 898, 958, 983, 1051, 1093, 1139, 1219, 1273],
        ]
        for (ecc, caps) in table {
            XCTAssertEqual((1...40).map { QRCode.Capacity.maxBytes(version: $0, ecc: ecc) }, caps, "\(ecc)")
        }
    }

    func testSmallestVersionThatFits() throws {
        let cases: [(bytes: Int, ecc: QRCode.ErrorCorrection, version: Int)] = [
            (0, .medium, 1), (14, .medium, 1), (15, .medium, 2), (17, .low, 1), (18, .low, 2),
            (7, .high, 1), (8, .high, 2), (80, .medium, 5), (84, .medium, 5), (85, .medium, 6),
            (213, .medium, 10), (214, .medium, 11), (300, .medium, 13),
        ]
        for c in cases {
            let qr = try QRCode(text: String(repeating: "x", count: c.bytes), ecc: c.ecc, mask: 0)
            XCTAssertEqual(qr.version, c.version, "\(c.bytes) bytes at \(c.ecc)")
            XCTAssertEqual(qr.size, 17 + 4 * c.version)
        }
        // Capacity counts UTF-8 bytes, not characters: "é" is two.
        XCTAssertEqual(try QRCode(text: String(repeating: "é", count: 7)).version, 1)
        XCTAssertEqual(try QRCode(text: String(repeating: "é", count: 8)).version, 2)
        // The typical `todomd token` login URL: version 5, 37 modules, 45 columns with the quiet zone.
        let url = "http://192.168.1.23:7878/login?token=" + String(repeating: "A", count: 43)
        XCTAssertEqual(try QRCode(text: url).size, 37)
    }

    func testLargestSymbolAndTooLong() throws {
        XCTAssertEqual(try QRCode(text: String(repeating: "x", count: 2331), ecc: .medium, mask: 3).size, 177)
        XCTAssertThrowsError(try QRCode(text: String(repeating: "x", count: 2332))) { error in
            XCTAssertEqual((error as? QRCode.TooLongError)?.maxBytes, 2331)
        }
        XCTAssertThrowsError(try QRCode(text: String(repeating: "x", count: 2954), ecc: .low))
    }

    func testPBMHasQuietZoneAndScale() throws {
        let qr = try QRCode(text: "hello")
        let q = QRCode.quietZone, side = qr.size + 2 * q
        let one = qr.pbm(scale: 1).split(separator: "\n").map(String.init)
        XCTAssertEqual(one[0], "P1")
        XCTAssertEqual(one[1], "\(side) \(side)")
        let pixels = one.dropFirst(2).map { Array($0) }
        XCTAssertEqual(pixels.count, side)
        for (py, row) in pixels.enumerated() {
            XCTAssertEqual(row.count, side)
            for (px, c) in row.enumerated() {
                let inQuietZone = px < q || py < q || px >= q + qr.size || py >= q + qr.size
                XCTAssertEqual(c, !inQuietZone && qr.isDark(px - q, py - q) ? "1" : "0", "(\(px), \(py))")
            }
        }
        let three = qr.pbm(scale: 3).split(separator: "\n")
        XCTAssertEqual(three[1], "\(side * 3) \(side * 3)")
        XCTAssertTrue(three.allSatisfy { $0.count <= 70 })
        let digits = three.dropFirst(2).joined()
        XCTAssertEqual(digits.count, side * side * 9)
        XCTAssertEqual(digits.filter { $0 == "1" }.count, pixels.joined().filter { $0 == "1" }.count * 9)
        XCTAssertFalse(qr.isDark(-1, 0) || qr.isDark(0, qr.size) || qr.isDark(qr.size, 0))
    }

    /// Reads half-block text back into modules: each character is one column and two rows.
    func modules(fromHalfBlocks text: String) -> [[Bool]] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().flatMap { line in
            [line.map { $0 == "█" || $0 == "▀" }, line.map { $0 == "█" || $0 == "▄" }]
        }
    }

    func testTerminalTextIsTheCodeInHalfBlocks() throws {
        let qr = try QRCode(text: "http://192.168.1.23:7878/login?token=Qm9vdHN0cmFwLXRva2VuLWZvci10b2RvbWQtdGVzdHM")
        let q = QRCode.quietZone, side = qr.size + 2 * q
        for invert in [false, true] {
            let text = qr.terminalText(invert: invert)
            XCTAssertTrue(text.allSatisfy { " ▀▄█\n".contains($0) })
            let ink = modules(fromHalfBlocks: text)
            XCTAssertEqual(ink.count, side + 1, "odd height: the last line's lower half is extra quiet zone")
            for (y, row) in ink.enumerated() {
                XCTAssertEqual(row.count, side)
                for (x, inked) in row.enumerated() {
                    XCTAssertEqual(inked, qr.isDark(x - q, y - q) != invert, "(\(x), \(y)) invert \(invert)")
                }
            }
            // The quiet zone: two blank (or, inverted, solid) lines on top.
            XCTAssertEqual(text.split(separator: "\n")[0], Substring(String(repeating: invert ? "█" : " ", count: side)))
        }
    }

    /// The ANSI rendering: each cell's colours give its top (foreground of ▀) and bottom
    /// (background) module, black 16 = dark, white 231 = light; lines end with a reset.
    func testANSITextColoursEveryModule() throws {
        let qr = try QRCode(text: "todomd", ecc: .high)
        let q = QRCode.quietZone, side = qr.size + 2 * q
        let lines = qr.ansiTerminalText().split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, (side + 1) / 2)
        for (row, line) in lines.enumerated() {
            XCTAssertTrue(line.hasSuffix("\u{1B}[0m"))
            var fg = -1, bg = -1, x = 0
            var scanner = Substring(line.dropLast(4))
            while let c = scanner.first {
                if c == "\u{1B}" {
                    let end = scanner.firstIndex(of: "m")!
                    let codes = scanner[scanner.index(scanner.startIndex, offsetBy: 2)..<end].split(separator: ";").compactMap { Int($0) }
                    XCTAssertEqual(codes.count, 3)
                    if codes[0] == 38 { fg = codes[2] } else { bg = codes[2] }
                    scanner = scanner[scanner.index(after: end)...]
                    continue
                }
                XCTAssertTrue(c == " " || c == "▀")
                let top = c == " " ? bg : fg, bottom = bg
                let y = 2 * row - q
                XCTAssertEqual(top, qr.isDark(x - q, y) ? 16 : 231, "(\(x), \(2 * row))")
                XCTAssertEqual(bottom, qr.isDark(x - q, y + 1) ? 16 : 231, "(\(x), \(2 * row + 1))")
                x += 1
                scanner = scanner.dropFirst()
            }
            XCTAssertEqual(x, side)
        }
    }
}
