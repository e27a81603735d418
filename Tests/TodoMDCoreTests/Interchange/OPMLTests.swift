import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TodoMDCore
import XCTest

/// OPML export (issue 17): it parses as XML and nests area → project → task → subtask.
final class OPMLTests: XCTestCase {
    /// The outline tree as read back by XMLParser: each outline's attributes and children.
    final class Node {
        var attributes: [String: String]
        var children: [Node] = []
        init(_ a: [String: String]) { attributes = a }
        var text: String { attributes["text"] ?? "" }
    }

    final class Reader: NSObject, XMLParserDelegate {
        let root = Node([:])
        var stack: [Node] = []
        var title = "", inTitle = false
        var sawOPML = false

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            switch name {
            case "opml": sawOPML = attributes["version"] == "2.0"
            case "title": inTitle = true
            case "outline":
                let n = Node(attributes)
                (stack.last ?? root).children.append(n)
                stack.append(n)
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "outline" { stack.removeLast() }
            if name == "title" { inTitle = false }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { if inTitle { title += string } }
    }

    func parse(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Reader {
        let parser = XMLParser(data: Data(text.utf8))
        let reader = Reader()
        parser.delegate = reader
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))\n\(text)", file: file, line: line)
        return reader
    }

    func testNotAnImporter() {
        XCTAssertNoThrow(try Interchange.exporter("opml"))
        XCTAssertThrowsError(try Interchange.importer("opml"))
    }

    func testNestingAndEscaping() throws {
        let parent = sampleTask("Plan <launch> & \"party\"") {
            $0.area = "Work & Life"; $0.project = "Website"
            $0.description = "Subtitle"
            $0.body = "Line 1\nLine 2 with 'quotes' & <tags>\n\ttabbed\u{1}"
        }
        let child = sampleTask("Book venue") {
            $0.area = "Work & Life"; $0.project = "Website"; $0.status = .done
            $0.extra = [("parent", .string(parent.filename))]
        }
        let grandchild = sampleTask("Pay deposit") {
            $0.area = "Work & Life"; $0.project = "Website"
            $0.extra = [("parent", .string(child.filename))]
        }
        let areaOnly = sampleTask("Area chore") { $0.area = "Work & Life" }
        let otherProject = sampleTask("Other") { $0.area = "Work & Life"; $0.project = "Hiring" }
        let projectOnly = sampleTask("Groceries task") { $0.project = "Groceries" }
        let loose = sampleTask("Loose end 🧵")
        let out = try Fixture.export("opml", [loose, parent, child, grandchild, areaOnly, otherProject, projectOnly])
        XCTAssertTrue(out.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
        XCTAssertFalse(out.contains("\u{1}"), "characters XML cannot hold are dropped")

        let r = parse(out)
        XCTAssertTrue(r.sawOPML)
        XCTAssertEqual(r.title, "todo.md")
        XCTAssertEqual(r.root.children.map(\.text), ["Loose end 🧵", "Work & Life", "Groceries"])
        let area = r.root.children[1]
        XCTAssertEqual(area.children.map(\.text), ["Website", "Area chore", "Hiring"])
        let website = area.children[0]
        XCTAssertEqual(website.children.map(\.text), ["Plan <launch> & \"party\""])
        let plan = website.children[0]
        XCTAssertEqual(plan.attributes["_note"], "Subtitle\n\nLine 1\nLine 2 with 'quotes' & <tags>\n\ttabbed")
        XCTAssertNil(plan.attributes["_complete"])
        XCTAssertEqual(plan.children.map(\.text), ["Book venue"])
        XCTAssertEqual(plan.children[0].attributes["_complete"], "true")
        XCTAssertEqual(plan.children[0].children.map(\.text), ["Pay deposit"])
        XCTAssertEqual(area.children[2].children.map(\.text), ["Other"])
        XCTAssertEqual(r.root.children[2].children.map(\.text), ["Groceries task"])
        XCTAssertTrue(r.root.children[0].children.isEmpty)
    }

    func testEmptyAndCycles() throws {
        XCTAssertTrue(parse(try Fixture.export("opml", [])).root.children.isEmpty)
        // A parent cycle (a broken vault) still writes every task once.
        let a = sampleTask("A") { $0.extra = [("parent", .string("20261127-0900-b.md"))] }
        let b = sampleTask("B") { $0.extra = [("parent", .string("20261127-0900-a.md"))] }
        let r = parse(try Fixture.export("opml", [a, b]))
        XCTAssertEqual(r.root.children.map(\.text), ["A", "B"])
    }
}
