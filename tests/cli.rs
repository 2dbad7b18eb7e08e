//! The `atomicd` command line: accounts and configuration errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn atomicd(args: &[&str], stdin: &str, dir: &std::path::Path) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("atomicd runs");
    // A command that fails early may not read its input at all.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn user_add_passwd_and_list() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db.sqlite3");
    let db = db.to_str().unwrap();
    let o = atomicd(
        &[
            "user",
            "add",
            "Alice",
            "--password-stdin",
            "--admin",
            "--td",
            "--db",
            db,
        ],
        "pw one\n",
        dir.path(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "Added Alice(*)(TD).\n");
    let o = atomicd(
        &["user", "add", "alice", "--password-stdin", "--db", db],
        "x\n",
        dir.path(),
    );
    assert!(!o.status.success());
    assert_eq!(
        stderr(&o).lines().last().unwrap(),
        "atomicd: a player named \"Alice\" is already registered"
    );
    let o = atomicd(
        &["user", "add", "Al1ce", "--password-stdin", "--db", db],
        "x\n",
        dir.path(),
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("bad name \"Al1ce\""), "{}", stderr(&o));
    let o = atomicd(&["user", "add", "Bob", "--db", db], "", dir.path());
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--password-stdin"));
    let o = atomicd(
        &["user", "add", "Bob", "--password-stdin", "--db", db],
        "\n",
        dir.path(),
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("empty"));
    // A password the telnet login could never send back is refused.
    let o = atomicd(
        &["user", "add", "Bob", "--password-stdin", "--db", db],
        "mot-de-passe-é\n",
        dir.path(),
    );
    assert!(!o.status.success());
    assert!(stderr(&o).contains("printable ASCII"), "{}", stderr(&o));
    let o = atomicd(
        &["user", "passwd", "ALICE", "--password-stdin", "--db", db],
        "pw two\n",
        dir.path(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = atomicd(
        &["user", "passwd", "Nobody", "--password-stdin", "--db", db],
        "pw\n",
        dir.path(),
    );
    assert!(!o.status.success());
    let o = atomicd(&["user", "list", "--db", db], "", dir.path());
    assert!(stdout(&o).starts_with("Alice"), "{}", stdout(&o));
    // The password hash is bcrypt with cost 10 or more.
    let conn = atomicd::store::open_connection(std::path::Path::new(db)).unwrap();
    let a = atomicd::store::accounts::find(&conn, "alice")
        .unwrap()
        .unwrap();
    assert!(
        a.password_hash.starts_with("$2") && bcrypt::verify("pw two", &a.password_hash).unwrap()
    );
    let cost: u32 = a.password_hash.split('$').nth(2).unwrap().parse().unwrap();
    assert!(cost >= 10);
}

#[test]
fn missing_and_broken_configs_give_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let o = atomicd(&["user", "list"], "", dir.path());
    assert!(!o.status.success());
    let err = stderr(&o);
    assert!(err.contains("config file config.toml not found"), "{err}");
    std::fs::write(dir.path().join("config.toml"), "listen = [1, 2]\n").unwrap();
    let o = atomicd(&[], "", dir.path());
    assert!(!o.status.success());
    let err = stderr(&o);
    let last = err.lines().last().unwrap();
    assert!(
        last.starts_with("atomicd: config file config.toml is invalid:"),
        "{err}"
    );
    let o = atomicd(&["--config", "elsewhere.toml"], "", dir.path());
    assert!(stderr(&o).contains("elsewhere.toml not found"));
}

#[test]
fn help_describes_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let o = atomicd(&["--help"], "", dir.path());
    assert!(o.status.success());
    let help = stdout(&o);
    for word in ["--config", "--listen", "--db", "user"] {
        assert!(help.contains(word), "{help}");
    }
}

#[test]
fn serve_logs_the_bound_address_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.toml"), "").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args([
            "--listen",
            "127.0.0.1:0",
            "--web-listen",
            "127.0.0.1:0",
            "--db",
            "x.sqlite3",
        ])
        .current_dir(dir.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = child.stderr.take().unwrap();
    let mut seen = String::new();
    let mut buf = [0u8; 1024];
    while !seen.contains("web listening") {
        let n = std::io::Read::read(&mut err, &mut buf).unwrap();
        assert!(n > 0, "server exited early: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    let web = seen
        .split("web_addr=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert!(
        web.starts_with("127.0.0.1:") && !web.ends_with(":0"),
        "{seen}"
    );
    let addr = seen
        .split("local_addr=")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert!(
        addr.starts_with("127.0.0.1:") && !addr.ends_with(":0"),
        "{seen}"
    );
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    let mut banner = [0u8; 64];
    assert!(std::io::Read::read(&mut s, &mut banner).unwrap() > 0);
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(exit.success(), "{exit:?}");
    assert!(dir.path().join("x.sqlite3").exists());
}
