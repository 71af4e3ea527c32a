"""Storage on SQLite (WAL) and on PostgreSQL (when ``PAIXING_TEST_PG_URL`` names one)."""

from __future__ import annotations

from paixing.web.store import Store, StoredAction, TableRow


def test_tables_actions_records(db_url: str) -> None:
    store = Store(db_url)
    row = TableRow("ABC234", "banzipao", [{"kind": "human"}], 2**62 + 5, "zh", None, "127.0.0.1", "open")
    store.add_table(row)
    assert store.table("ABC234") == row
    store.add_action("ABC234", StoredAction(0, 0, 3, "pass"))
    store.add_action("ABC234", StoredAction(0, 1, 0, "5S 5H"))
    store.add_action("ABC234", StoredAction(1, 0, 2, "bid 2"))
    assert store.actions_of("ABC234") == [StoredAction(0, 0, 3, "pass"), StoredAction(0, 1, 0, "5S 5H"),
                                          StoredAction(1, 0, 2, "bid 2")]
    assert [t.code for t in store.open_tables()] == ["ABC234"]
    store.set_seats("ABC234", [{"kind": "human", "token_hash": "x"}])
    assert store.table("ABC234").seats == [{"kind": "human", "token_hash": "x"}]
    rid = store.add_record("ABC234", "hand", "banzipao", 0, {"scores": [1, -1]}, {"actions": ["pass"]})
    assert store.add_record_once("ABC234", "hand", "banzipao", 0, {}, {}) == rid
    assert store.record(rid)["body"] == {"actions": ["pass"]}
    assert [r["id"] for r in store.records()] == [rid] and store.count_records() == 1
    store.set_status("ABC234", "finished")
    assert store.open_tables() == []
    assert store.record(rid + 100) is None
    store.close()
    again = Store(db_url)  # a second process sees every commit
    assert again.table("ABC234").status == "finished" and len(again.actions_of("ABC234")) == 3
    again.close()


def test_sqlite_is_in_wal_mode(tmp_path: object) -> None:
    store = Store(f"sqlite:///{tmp_path}/w.db")
    with store.engine.connect() as db:
        assert db.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    store.close()
