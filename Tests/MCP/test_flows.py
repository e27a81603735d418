"""A scripted agent doing what the plan_my_day prompt asks, over stdio and HTTP."""
from conftest import call_ok, day, write_ok


def test_plan_my_day(h):
    h.write_task("Areas/Work/report.md", "File the expense report", area="Work", due=day(-2), priority="high")
    h.write_task("inbox-idea.md", "Look into a standing desk")
    h.write_task("Areas/Home/bins.md", "Take the bins out", area="Home", due=day(0))
    h.write_task("Areas/Home/later.md", "Clean the garage", area="Home", scheduled=day(4))

    async def body(s):
        ov = (await call_ok(s, "get_overview")).sc
        assert ov["overdue"] == 1, f"overview: overdue {ov['overdue']}, expected 1"
        counts = {v["id"]: v.get("count") for v in ov["views"]}
        assert counts.get("inbox") == 1, f"overview inbox count {counts.get('inbox')}: {ov['views']}"
        assert counts.get("today") == 2, f"overview today count {counts.get('today')} (overdue + due today): {ov['views']}"
        today = (await call_ok(s, "find_tasks", {"view": "today"})).sc
        titles = {t["title"] for t in today["tasks"]}
        assert titles == {"File the expense report", "Take the bins out"}, f"today: {titles}"
        inbox = (await call_ok(s, "find_tasks", {"view": "inbox"})).sc["tasks"]
        assert [t["title"] for t in inbox] == ["Look into a standing desk"], inbox
        overdue = (await call_ok(s, "get_overdue_tasks")).sc["tasks"]
        assert [t["id"] for t in overdue] == ["Areas/Work/report.md"], overdue

        # The plan: do the inbox idea today, push the overdue report to tomorrow, the bins are done.
        r = await write_ok(s, "reschedule_tasks", {"tasks": [inbox[0]["id"]], "when": "today"}, n=1)
        assert r.item(0)["task"]["scheduled"] == day(0), r.item(0)
        r = await write_ok(s, "defer_tasks", {"tasks": [{"task": overdue[0]["id"], "version": overdue[0]["version"]}],
                                              "until": "tomorrow"}, n=1)
        assert r.item(0)["task"]["defer"] == day(1), r.item(0)
        bins = next(t for t in today["tasks"] if t["title"] == "Take the bins out")
        await write_ok(s, "complete_tasks", {"tasks": [{"task": bins["id"], "version": bins["version"]}]}, n=1)

        after = (await call_ok(s, "find_tasks", {"view": "today"})).sc
        return {t["title"] for t in after["tasks"]}

    titles = h.session(body)
    assert titles == {"Look into a standing desk"}, f"today after planning: {titles}"
    assert h.fm("inbox-idea.md").get("scheduled") == day(0)
    assert h.fm("Areas/Work/report.md").get("defer") == day(1)
    assert h.fm("Areas/Work/report.md").get("due") == day(-2), "deferring must not move the deadline"
    fm = h.fm("Areas/Home/bins.md")
    assert fm.get("status") == "done" and fm.get("completed"), fm
    assert h.fm("Areas/Home/later.md").get("scheduled") == day(4), "an unrelated task changed"
