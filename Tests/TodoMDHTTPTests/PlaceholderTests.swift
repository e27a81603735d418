import XCTest
import HummingbirdTesting
final class PlaceholderHTTPTests: XCTestCase { func testNothing() {} }
