//! `/ws?framing=json`: the typed protocol of docs/json-protocol.md over a
//! real WebSocket.

mod json_common;
mod support;

use json_common::{JsonClient, board_of, line_ids};
use serde_json::json;
use support::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smoke() {
    let server = TestServer::start().await;
    let mut a = JsonClient::connect(server.web, None, None).await;
    let hello = a.expect("hello").await;
    println!("{hello}");
    let name = a.guest().await;
    let mut b = JsonClient::connect(server.web, None, Some("fr")).await;
    let bname = b.guest().await;
    let r = a.cmd(&format!("match {bname} 5 0 white")).await;
    println!("{r:#}");
    let c = b.expect("challenge").await;
    println!("{c:#}");
    let o = b.expect("offer").await;
    println!("{o:#}");
    let r = b.cmd("accept").await;
    println!("{r:#}");
    let s = a.expect("game_start").await;
    println!("{s:#}");
    let r = a.cmd("e4").await;
    println!("{r:#}");
    let bd = b.expect("board").await;
    println!("{bd:#}");
    let r = b.cmd("say bonjour").await;
    println!("{r:#}");
    let t = a.expect("talk").await;
    println!("{t:#}");
    let r = b.cmd("resign").await;
    println!("{r:#}");
    let e = a.expect("game_end").await;
    println!("{e:#}");
    let _ = (name, board_of(&r), line_ids(&r), json!(1));
}
