/// The texts an agent reads: the server's instructions and the task-file guide (a resource),
/// so it can use the tools well or write good files directly.
enum Guides {
    static let instructions = """
        todo.md: the user's tasks, one Markdown file per task (YAML frontmatter) in a folder they own. \
        Views: inbox (no project, area or date), today (planned or due today, overdue, and what became available), \
        upcoming (by date), anytime (available now), someday (parked), logbook (done), flagged, overdue. \
        Three dates, all local calendar days (YYYY-MM-DD, optionally THH:MM) that never shift across time zones: \
        due = the deadline; scheduled = the day the user plans to do it (Things' "when"; it puts the task in Today); \
        defer = hidden until that day (OmniFocus' defer). Write tools take phrases: today, tomorrow, next friday, in 3 days, 2026-12-01. \
        Refer to a task by its id from find_tasks (its path), a file name, or part of its title; an ambiguous title is an error listing candidates. \
        Send the version you read with a change: if someone changed the same fields since, that item fails with edit_conflict \
        and nothing is lost; read it again and retry. Writes are batches answered per item; dry_run shows what would happen \
        without writing; each call is one `todomd undo` step; delete only moves to the trash (restore_tasks brings back). \
        Your tasks are marked with your source. Prefer find_tasks and get_overview over reading files; \
        ask the user before changing many tasks, and use dry_run first for large batches.
        """

    static let taskFile = """
        # The todo.md task file

        One task is one `.md` file anywhere in the vault (the folder), named `{YYYYMMDD}-{HHmm}-{slug}.md`
        from its creation time in UTC (`20261124-0930-call-the-dentist.md`). It starts with YAML frontmatter;
        the Markdown below it is the task's notes.

        ```markdown
        ---
        title: "Call the dentist"
        status: "todo"
        due: "2026-12-01"
        scheduled: "2026-11-28"
        priority: "medium"
        area: "Personal"
        tags:
          - phone
        created: "2026-11-24T09:30:00Z"
        source: "my-agent"
        ---

        Ask about the January appointment.
        ```

        | key | value |
        |---|---|
        | `title` | text, at most 500 characters (**required**) |
        | `status` | `todo`, `in-progress`, `done`, `cancelled`, `someday` (**required**) |
        | `created` | UTC time, `2026-11-24T09:30:00Z` (**required**) |
        | `source` | who wrote it: `user`, `shortcut`, or your own name (**required**) |
        | `due` | the deadline: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, a local day |
        | `scheduled` | the day it is planned for (puts it in Today) |
        | `defer` | hidden until this day |
        | `priority` | `none`, `low`, `medium`, `high` |
        | `flagged` | `true` / `false` |
        | `area`, `project` | text; a project belongs to an area |
        | `tags` | a list; `work/backend` nests under `work` |
        | `recurrence` | an RFC 5545 RRULE, `FREQ=WEEKLY;BYDAY=MO` |
        | `recurrence_type` | `every` (default), `defer-another`, `due-again` |
        | `estimated_minutes` | a whole number |
        | `description` | a one-line subtitle, at most 2,000 characters |
        | `modified`, `completed` | UTC times, set by the app |

        Other keys are kept as written and never touched by an edit. Notes (the body) are at most 100 KB.
        A checkbox line `- [ ] Buy milk 📅 2026-12-01 #errands` in any note is a task too (Obsidian Tasks format).

        Rules for writing files directly: write a new file rather than rewriting one (or write to a temp
        file in the same folder and rename it over); never change keys you do not mean to change; keep
        `created` and `source`. Completing a repeating task is best done with `complete_tasks` (it writes the
        next occurrence). The tools do all of this for you, and check versions.
        """
}
