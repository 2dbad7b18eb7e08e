//! The store's own unit tests: the depth levels of its queue, and writes
//! on a real SQLite file that survive a reopening or are undone whole.

use super::*;

#[test]
fn depth_levels_go_up_at_once_and_down_under_half() {
    let climb: Vec<usize> = [0, 999, 1_000, 4_999, 5_000, 9_999, 10_000]
        .iter()
        .scan(0, |level, &d| {
            *level = depth_level(d, 10_000, *level);
            Some(*level)
        })
        .collect();
    assert_eq!(climb, [0, 0, 1, 1, 2, 2, 3]);
    // Down: a level is left only under half of it.
    assert_eq!(depth_level(9_999, 10_000, 3), 3);
    assert_eq!(depth_level(4_999, 10_000, 3), 2);
    assert_eq!(depth_level(2_499, 10_000, 3), 1);
    assert_eq!(depth_level(499, 10_000, 3), 0);
    assert_eq!(depth_level(500, 10_000, 1), 1);
    // A bound under the levels: all of them are the bound.
    assert_eq!(depth_level(3, 3, 0), 3);
    assert_eq!(depth_level(1, 3, 3), 3);
    assert_eq!(depth_level(0, 3, 3), 0);
}

#[tokio::test]
async fn writes_then_reads_see_them_and_survive_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/t.sqlite3");
    let store = Store::open(&path).unwrap();
    for i in 0..100 {
        store.write("test", move |c| {
            c.execute("INSERT INTO user_vars VALUES (?1, 'x', 'y')", [i])
                .map(|_| ())
        });
    }
    // Foreign keys are on: these rows have no account and must fail.
    let n: i64 = store
        .call(|c| {
            c.query_row("SELECT COUNT(*) FROM user_vars", [], |r| r.get(0))
                .unwrap()
        })
        .await
        .unwrap();
    assert_eq!(n, 0);
    store
        .call(|c| {
            c.execute(
                "INSERT INTO accounts (name, name_lower, password_hash, created_at) VALUES ('A','a','h',0)",
                [],
            )
        })
        .await
        .unwrap()
        .unwrap();
    drop(store);
    let c = open_connection(&path).unwrap();
    let n: i64 = c
        .query_row("SELECT COUNT(*) FROM accounts", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, 1);
}

#[tokio::test]
async fn a_write_that_fails_halfway_is_undone_whole() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("t.sqlite3")).unwrap();
    let account = |name: &str| {
        format!(
            "INSERT INTO accounts (name, name_lower, password_hash, created_at) VALUES ('{name}', '{}', 'h', 0)",
            name.to_lowercase()
        )
    };
    let (half, whole) = (account("Half"), account("Whole"));
    // Both jobs go into one transaction; the first fails at its second
    // statement (no account 999), after its first one succeeded.
    store.write("half", move |c| {
        c.execute(&half, [])?;
        c.execute("INSERT INTO user_vars VALUES (999, 'x', 'y')", [])?;
        Ok(())
    });
    store.write("whole", move |c| c.execute(&whole, []).map(|_| ()));
    let names: Vec<String> = store
        .call(|c| {
            let mut st = c
                .prepare("SELECT name FROM accounts ORDER BY name")
                .unwrap();
            st.query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        })
        .await
        .unwrap();
    assert_eq!(names, ["Whole"]);
}
