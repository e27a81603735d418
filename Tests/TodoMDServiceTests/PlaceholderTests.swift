import XCTest
final class PlaceholderServiceTests: XCTestCase { func testNothing() {} }
