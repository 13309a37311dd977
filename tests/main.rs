//! The tests of `oz0` end to end: each runs the built binary (and the edge it embeds or serves) in a
//! folder of its own, against real servers, stores and browsers. One test binary holds them all, a
//! module a subject (a file of this folder), so that what they share is built and linked once;
//! cargo-nextest still runs each test in a process of its own (`scripts/test`).

// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

// What the modules share: the environment of a test, its edges and the servers it runs.
mod common;
mod console_support;
mod plugin_support;
mod remote_support;
mod run_support;

// The subjects.
mod agui;
mod compare_savings;
mod console;
mod conversations;
mod data_lifecycle;
mod edge_leftovers;
mod edge_postgres;
mod edge_reliability;
mod edge_slow_clients;
mod fit;
mod fit_code;
mod fit_snapshots;
mod gateway_token;
mod generated;
mod handoffs;
mod hooks;
mod labels;
mod lifecycle;
mod mcp_serve;
mod numbering;
mod plugin_lint;
mod plugin_measure;
mod plugin_rules;
mod policy;
mod public_servers;
mod readme;
mod remote_tools;
mod rough_edges;
mod run;
mod sampling;
mod secrets_at_rest;
mod tenant_offload;
mod tool_call;
mod tool_client;
mod tool_confinement;
mod tool_isolation;
mod tool_servers;
mod tool_startup;
mod trees;
