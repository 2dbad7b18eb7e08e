//! What the tests that check us against python-chess share: one of
//! `scripts/*.py` run by `python3`, our text on its standard input, its
//! answer back. A missing python3 or python-chess fails the test and says
//! so (scripts/test.sh installs them); it is never skipped.

#![allow(dead_code)]

use std::io::Write as _;
use std::process::{Command, Stdio};

/// Runs `scripts/{script}` with `input` on its standard input; its output.
pub fn run_script(script: &str, input: &str) -> String {
    let path = format!("{}/scripts/{script}", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new("python3")
        .arg(&path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("python3 is needed for this test and could not start: {e}"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .unwrap_or_else(|e| panic!("write the input of {script} to python3: {e}"));
    let output = child.wait_with_output().expect("python3 ran");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("No module named 'chess'"),
        "python-chess is missing: install it with `pip install chess` ({script} reads our text with it)"
    );
    assert!(
        output.status.success(),
        "python3 failed on {script}: {stderr}"
    );
    String::from_utf8(output.stdout).expect("utf-8")
}
