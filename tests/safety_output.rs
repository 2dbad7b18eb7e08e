//! The output cap catches clients that stop reading, never a reading
//! client that got one big reply (issue 20). The cap is checked before
//! output is appended, nothing is appended while the buffer is over it,
//! and only a client that lets the kernel take nothing for
//! `output_stall_seconds` is cut off.

mod support;

use std::time::Duration;

use support::TestServer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A client on a socket with a small receive window that reads a little
/// at a time, as a slow link would deliver it.
struct SlowReader {
    stream: TcpStream,
    seen: Vec<u8>,
}

impl SlowReader {
    async fn connect(server: &TestServer) -> SlowReader {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_recv_buffer_size(4096).unwrap();
        let stream = socket.connect(server.addr).await.unwrap();
        stream.set_nodelay(true).unwrap();
        SlowReader {
            stream,
            seen: Vec::new(),
        }
    }

    async fn send(&mut self, line: &str) {
        self.stream
            .write_all(format!("{line}\n").as_bytes())
            .await
            .unwrap();
    }

    /// Reads, 512 bytes at a time with a pause after each read, until
    /// `what` has come; returns everything up to it as text.
    async fn read_until(&mut self, what: &str) -> String {
        let what = what.replace('\n', "\n\r").into_bytes();
        let mut buf = [0u8; 512];
        loop {
            if let Some(i) = self.seen.windows(what.len()).position(|w| w == what) {
                let rest = self.seen.split_off(i + what.len());
                let got = std::mem::replace(&mut self.seen, rest);
                return support::text(&got);
            }
            let n = tokio::time::timeout(support::PATIENCE, self.stream.read(&mut buf))
                .await
                .expect("the server went quiet")
                .unwrap();
            assert!(
                n > 0,
                "the server closed the connection of a reading client; got {:?}",
                support::text(&self.seen[self.seen.len().saturating_sub(300)..])
            );
            self.seen.extend_from_slice(&buf[..n]);
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    async fn login_guest(&mut self) -> String {
        self.read_until("login: ").await;
        self.send("guest").await;
        self.read_until("Press return to enter the server as \"")
            .await;
        let name = self.read_until("\":").await;
        self.send("").await;
        self.read_until("fics% ").await;
        name.trim_end_matches("\":").to_string()
    }
}

/// 64 aliases of 1,000 characters: `alias` alone answers with 64 KB.
async fn fill_aliases(c: &mut SlowReader) {
    for i in 0..64 {
        c.send(&format!("alias a{i:02} tell {}", "q".repeat(990)))
            .await;
        c.read_until("fics% ").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reading_client_gets_the_largest_reply_whole_and_its_game_goes_on() {
    // A cap of 4 KB: the largest reply of a line is over thirty times that.
    let server = TestServer::start_with(|c| c.output_buffer_kb = 4).await;
    let mut vicky = SlowReader::connect(&server).await;
    let vname = vicky.login_guest().await;
    for setting in ["set bell 0", "set style 12", "iset nowrap 1"] {
        vicky.send(setting).await;
        vicky.read_until("fics% ").await;
    }
    fill_aliases(&mut vicky).await;
    let mut bob = server.named("Bobby").await;
    bob.command("set style 12").await;
    bob.command("set bell 0").await;
    bob.command(&format!("match {vname} 0 0 white")).await;
    vicky.read_until("You can \"accept\"").await;
    vicky.read_until("fics% ").await;
    vicky.send("accept").await;
    vicky.read_until("<12> ").await;
    vicky.read_until("fics% ").await;
    bob.expect("<12> ").await;
    bob.expect("fics% ").await;
    // The biggest a line may ask for: `alias` until the line's output is
    // full (64 KB), and one more, then the refusal of the rest. While she
    // reads it, slowly, Bob moves: his board waits for her in turn.
    vicky.send(&["alias"; 5].join(";")).await;
    let bob_moves = async {
        assert!(bob.command("e4").await.contains("<12> "));
    };
    // (His board may come before her reply, if her line waited for her
    // command budget, or after it: either way she gets both, whole.)
    let vicky_reads = async {
        let mut got = vicky
            .read_until("The rest of your line was not run: its output would be too long.\n")
            .await;
        if !got.contains("P/e2-e4") {
            got.push_str(&vicky.read_until("P/e2-e4").await);
        }
        got
    };
    let ((), got) = tokio::join!(bob_moves, vicky_reads);
    assert_eq!(got.matches(" -> tell ").count(), 64 * 2, "two listings");
    assert!(got.contains("<12> "), "{got}");
    vicky.read_until("fics% ").await;
    // Her game goes on and she is still here.
    vicky.send("e5").await;
    bob.expect("P/e7-e5").await;
    bob.expect("fics% ").await;
    let who = bob.command("who").await;
    assert!(who.contains(&vname), "{who}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_after_a_big_reply_is_cut_off() {
    let server = TestServer::start_with(|c| {
        c.output_buffer_kb = 4;
        c.output_stall_seconds = 1.0;
    })
    .await;
    let mut mallory = SlowReader::connect(&server).await;
    let mname = mallory.login_guest().await;
    fill_aliases(&mut mallory).await;
    let (mut vicky, _) = server.guest().await;
    // She asks for a big reply and reads no more of it; she keeps typing.
    mallory.send(&["alias"; 5].join(";")).await;
    for _ in 0..50 {
        mallory.send("date").await;
    }
    let mut gone = false;
    for _ in 0..200 {
        if !vicky.command("who").await.contains(&mname) {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(gone, "{mname} stopped reading and was never cut off");
    // Nobody else noticed.
    assert!(vicky.command("date").await.contains("Local time"));
}
