//! What every rule reads: the manifest, what `lint` is given beside it, and the measured functions.

use crate::manifest::convention::Shape;
use crate::manifest::document::Document;
use crate::manifest::listing::{Function, Listing};
use crate::manifest::model::Tool;
use crate::manifest::yaml::Span;

/// What `lint` is given beside the manifest.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lint<'a> {
    /// The measured listing of the plugin's servers, when there is one.
    pub listing: Option<&'a Listing>,
    /// Whether the listing was measured before the manifest last changed.
    pub listing_older: bool,
}

/// What every rule reads.
pub(crate) struct Context<'a> {
    pub doc: &'a Document,
    pub lint: &'a Lint<'a>,
}

/// A function of a tool in the measured listing, with what the rules ask of it.
pub(crate) struct Measured<'a> {
    /// The JSON pointer of the tool's entry in the manifest.
    pub pointer: String,
    pub tool: &'a Tool,
    pub function: &'a Function,
    pub shape: Shape,
}

impl<'a> Context<'a> {
    /// Returns each function of each local tool the listing measured.
    pub fn measured(&self) -> Vec<Measured<'a>> {
        let Some(listing) = self.lint.listing else {
            return Vec::new();
        };
        let mut all = Vec::new();
        for (pointer, tool) in self.doc.tools() {
            let Some(listed) = listing.tool(&tool.id) else {
                continue;
            };
            for function in &listed.functions {
                all.push(Measured {
                    pointer: pointer.clone(),
                    tool,
                    function,
                    shape: Shape::of(&function.input_schema),
                });
            }
        }
        all
    }

    /// Returns the span of a tool's `id` value, where findings about its functions point.
    pub fn tool_span(&self, pointer: &str) -> Span {
        self.doc.span(&format!("{pointer}/id"))
    }
}

/// Returns the closest of `known` to `word`, or nothing when none is close.
pub(crate) fn did_you_mean<'k>(word: &str, known: impl IntoIterator<Item = &'k str>) -> Option<&'k str> {
    crate::spelling::nearest(word, known).first().copied()
}
