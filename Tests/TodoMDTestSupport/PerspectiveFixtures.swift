/// Perspectives shared by tests of several layers.
public enum PerspectiveFixtures {
    /// Spec 000's `.perspectives.json` example, as written there.
    public static let specExample = """
        {
          "perspectives": [
            {
              "id": "work-available",
              "name": "Work — Available Now",
              "icon": "briefcase",
              "color": "#4A90D9",
              "filter": {
                "operator": "AND",
                "conditions": [
                  { "field": "area", "op": "equals", "value": "Work" },
                  { "field": "status", "op": "in", "value": ["todo", "in-progress"] },
                  { "field": "defer", "op": "before_or_none", "value": "today" }
                ]
              },
              "sort": { "field": "priority", "direction": "desc" },
              "group_by": "project"
            }
          ]
        }
        """
}
