//! The JSON framing of a simul (issue 29, docs/json-protocol.md `board`):
//! every board of a simul says so (`simul.exhibitor`), for the exhibitor
//! and for the player, from the first board on, so that a client shows
//! the exhibitor's games side by side; a move on board N is `gonum N`,
//! then the move. Any other game's boards have no such key.

mod json_common;
mod support;

use json_common::JsonClient;
use serde_json::Value;
use support::TestServer;

/// The message of type `kind` inside a reply, or the next one to come.
async fn in_reply_or_next(page: &mut JsonClient, reply: &Value, kind: &str) -> Value {
    let inner = reply["messages"]
        .as_array()
        .and_then(|all| all.iter().find(|m| m["type"] == kind).cloned());
    match inner {
        Some(m) => m,
        None => page.expect(kind).await,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_board_of_a_simul_names_its_exhibitor_and_no_other_board_does() {
    let server = TestServer::start().await;
    let mut giver = JsonClient::connect(server.web, None, None).await;
    let me = giver.guest().await;
    giver.cmd("simopen").await;
    let mut anna = server.named("Anna").await;
    let mut boris = server.named("Boris").await;
    for c in [&mut anna, &mut boris] {
        c.command("set bell 0").await;
        c.command("set style 12").await;
    }
    let mut starts = Vec::new();
    for (player, name) in [(&mut anna, "Anna"), (&mut boris, "Boris")] {
        player
            .command_keeping(&format!("simmatch {me}"), "Simul match")
            .await;
        let reply = giver.cmd(&format!("simmatch {name}")).await;
        let start = in_reply_or_next(&mut giver, &reply, "game_start").await;
        assert_eq!(start["board"]["simul"]["exhibitor"], me.as_str(), "{start}");
        assert_eq!(start["board"]["color"], "white", "{start}");
        starts.push(start["game"].as_u64().unwrap());
    }
    // On board 1 by gonum, then the move; the board after it still says simul.
    let at = giver.cmd(&format!("gonum {}", starts[0])).await;
    assert_eq!(at["ok"], true, "{at}");
    let moved = giver.cmd("e4").await;
    assert_eq!(moved["ok"], true, "{moved}");
    let after_e4 = |v: &Value| v["type"] == "board" && v["game"] == starts[0] && v["ply"] == 1;
    let inner = moved["messages"]
        .as_array()
        .and_then(|all| all.iter().find(|m| after_e4(m)).cloned());
    let board = match inner {
        Some(b) => b,
        None => giver.expect_where("board 1 after e4", after_e4).await,
    };
    assert_eq!(board["simul"]["exhibitor"], me.as_str(), "{board}");
    anna.expect("P/e2-e4").await;

    // A player over JSON sees the same key: the game is a simul's, not theirs to give.
    let mut carl = JsonClient::connect(server.web, None, None).await;
    let carl_name = carl.guest().await;
    carl.cmd(&format!("simmatch {me}")).await;
    let reply = giver.cmd(&format!("simmatch {carl_name}")).await;
    assert_eq!(reply["ok"], true, "{reply}");
    let start = carl.expect("game_start").await;
    assert_eq!(start["board"]["simul"]["exhibitor"], me.as_str(), "{start}");
    assert_eq!(start["board"]["color"], "black", "{start}");

    // An ordinary game: no simul key on its boards.
    let mut dora = JsonClient::connect(server.web, None, None).await;
    let dora_name = dora.guest().await;
    let mut eve = server.named("Eve").await;
    eve.command("set bell 0").await;
    eve.command(&format!("match {dora_name} 5 0 u")).await;
    let offer = dora.expect("offer").await;
    let accepted = dora.cmd(&format!("accept {}", offer["id"])).await;
    let start = in_reply_or_next(&mut dora, &accepted, "game_start").await;
    assert!(start["board"].get("simul").is_none(), "{start}");
}
