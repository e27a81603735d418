import XCTest
final class PlaceholderAPITests: XCTestCase { func testNothing() {} }
