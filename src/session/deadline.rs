//! The command loop's deadlines (the budget's, a stalled client's) as a
//! future that costs nothing while there is none.

use tokio::time::Instant;

/// Sleeps until `deadline`, or forever without one.
///
/// The timer is boxed, and made only when there is a deadline: the select
/// of the command loop keeps room for both of its deadlines in every
/// session's task, idle or not, and a tokio timer is ~100 bytes, an idle
/// session's deadlines none (see "Idle users" in docs/PERFORMANCE.md).
pub fn sleep_until(deadline: Option<Instant>) -> Deadline {
    Deadline(deadline.map(|at| Box::pin(tokio::time::sleep_until(at))))
}

/// The future of [`sleep_until`].
pub struct Deadline(Option<std::pin::Pin<Box<tokio::time::Sleep>>>);

impl std::future::Future for Deadline {
    type Output = ();

    fn poll(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<()> {
        match &mut self.0 {
            Some(sleep) => sleep.as_mut().poll(cx),
            None => std::task::Poll::Pending,
        }
    }
}
