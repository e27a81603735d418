import Foundation
import TodoMDCore
import TodoMDIndex

/// What a sidebar shows: every list with its count, from one read of the vault.
public struct Overview: Sendable {
    /// A built-in view, saved view or perspective and how many tasks it shows (nil: not counted,
    /// like the Logbook, or a perspective that could not run).
    public struct ViewCount: Sendable {
        public var id: String
        public var name: String
        /// `builtin`, `saved` or `perspective`.
        public var kind: String
        public var count: Int?
        public var icon: String?
        public var color: String?
        public var displayStyle: String?
    }

    public var today: LocalDate
    public var views: [ViewCount]
    public var areas: [AreaSummary]
    public var tags: [TagNode]
    public var types: [TypeSummary]
    /// Open tasks due before today.
    public var overdue: Int
    /// Files in the trash.
    public var trash: Int
    /// Files that could not be read fully (`doctor` lists them).
    public var problems: Int
    /// Sync conflicts waiting for the user (`conflicts`).
    public var conflicts = 0
    /// Files the quarantine holds (0 when it is off).
    public var quarantine = 0
}

extension TodoService {
    /// Counts for every list a client shows: the built-in views (Inbox, Today with its overdue
    /// tasks, Upcoming, Anytime, Next, Someday, Flagged), saved views, perspectives, areas with their
    /// projects, the tag tree and the typed lists, all from one snapshot.
    public func overview() -> Overview {
        locked {
            let clock = self.clock
            let snap = snapshot(.all, clock: clock)
            Trace.mark("overview: snapshot")
            let engine = self.engine(clock)
            let deps = dependencies(among: snap.tasks, order: engine.order)
            var views: [Overview.ViewCount] = []
            var overdue = 0
            // Counting needs no sorting: each view's filter over the tasks, once.
            for kind in [ViewKind.inbox, .today, .upcoming, .anytime, .next, .someday, .flagged, .logbook] {
                if kind == .next {
                    // Not a filter: one task per project, built.
                    views.append(.init(id: kind.rawValue, name: "Next", kind: "builtin", count: engine.build(.next, tasks: snap.tasks, dependencies: deps).tasks.count))
                    continue
                }
                guard kind != .logbook, let p = BuiltInPerspectives.perspective(for: kind) else {
                    views.append(.init(id: kind.rawValue, name: kind.rawValue.capitalized, kind: "builtin", count: nil))
                    continue
                }
                if kind == .today, let late = p.sections.first(where: { $0.name == "Overdue" }) {
                    overdue = (try? engine.count(Perspective(id: "overdue", name: "Overdue", filter: .and([p.filter, late.filter].compactMap { $0 })),
                                                 tasks: snap.tasks, dependencies: deps)) ?? 0
                }
                views.append(.init(id: kind.rawValue, name: kind.rawValue.capitalized, kind: "builtin", count: try? engine.count(p, tasks: snap.tasks, dependencies: deps)))
            }
            Trace.mark("overview: built-in counts")
            for v in snap.views {
                let r = SavedViewRunner.run(v, snap, clock: clock)
                views.append(.init(id: v.name, name: v.name, kind: "saved", count: r.tasks.count + r.items.count, displayStyle: v.displayStyle))
            }
            for p in PerspectivesFile.load(root: root).perspectives {
                let texts = p.filter?.textQueries ?? []
                let matches = texts.isEmpty ? [:] : (try? withSearchIndex { try $0.textMatches(texts) })
                let count = matches.flatMap { try? engine.count(p, tasks: snap.tasks, textMatches: $0, dependencies: deps) }
                views.append(.init(id: p.id, name: p.name, kind: "perspective", count: count, icon: p.icon, color: p.color))
            }
            Trace.mark("overview: saved views, perspectives")
            let types = Self.typeSummaries(snap)
            let areas = Self.areaSummaries(engine.areaGroupsForCounting(snap.tasks))
            Trace.mark("overview: areas")
            let tags = TagNode.tree(snap.tasks.filter { !$0.status.isClosed })
            Trace.mark("overview: tags")
            let trash = Trash(vault: vault).list().count
            Trace.mark("overview: trash")
            var overview = Overview(today: clock.today, views: views, areas: areas, tags: tags, types: types, overdue: overdue, trash: trash,
                                    problems: snap.problems.count)
            overview.conflicts = openCopies.count
            overview.quarantine = heldPaths().count
            return overview
        }
    }

    /// The list types of a snapshot with their item counts (for `todo`, its tasks).
    static func typeSummaries(_ snap: VaultSnapshot) -> [TypeSummary] {
        snap.types.map { t in
            TypeSummary(type: t, count: t.isTodo ? snap.tasks.count : snap.items.filter { ListType.key($0.type) == t.key }.count)
        }
    }

    /// The Areas view's groups as areas with their projects ("No Area" last).
    static func areaSummaries(_ groups: [ViewGroup]) -> [AreaSummary] {
        var out: [AreaSummary] = []
        for g in groups {
            if out.last.map({ $0.name != g.area }) ?? true { out.append(AreaSummary(name: g.area, count: 0, projects: [])) }
            if let p = g.project {
                out[out.count - 1].projects.append(AreaSummary.Project(name: p, count: g.tasks.count))
            } else {
                out[out.count - 1].count += g.tasks.count
            }
        }
        return out
    }
}
