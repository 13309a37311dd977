//! The console of one edge: what every page's handler is given.

use std::sync::Arc;

use oz0_core::api::EdgeError;

use super::session::Sessions;
use crate::state::EdgeState;
use crate::store::Principal;

/// The console of one edge: its state and the sessions of the people signed in.
#[derive(Debug)]
pub struct Console {
    pub(super) state: Arc<EdgeState>,
    pub(super) sessions: Sessions,
}

impl Console {
    /// Returns a console of the edge `state`, with no one signed in.
    pub fn new(state: Arc<EdgeState>) -> Arc<Self> {
        Arc::new(Self { state, sessions: Sessions::default() })
    }

    /// Returns a path that signs `principal` in once, within five minutes, and opens the jobs: for a
    /// person who already holds the edge, such as the embedded edge's local person.
    pub fn sign_in_path(&self, principal: Principal) -> Result<String, EdgeError> {
        Ok(format!("/console/sign-in?code={}", self.sessions.code(principal)?))
    }
}
