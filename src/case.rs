//! The case under study: the scenario, its run and where the user is in it ([`playback`]),
//! solving it again when it changes, off the frame for a large hull ([`solving`]), the second
//! run of compare mode ([`compare`]) and a sweep's runs ([`sweep`]), what a cast's pictures
//! read, its plot of distance against time among them ([`cast_plot`]), parry's answer
//! beside ours ([`reference`](mod@reference)), a body of many pieces and the piece stepped
//! ([`pieces`]), and how a case arrives and leaves as files
//! ([`scenario_io`], [`incoming`]). The files themselves (the bundled cases, links, meshes,
//! lessons) are read and written by `gjk_lab_files`.
//!
//! May use: the solver (`gjk`), the files (`gjk_lab_files`). Names nothing drawn: the views,
//! the panel and the platform read the case, and ask for changes by message
//! ([`scenario_io::ScenarioRequest`]).

pub mod cast_plot;
pub mod compare;
pub mod incoming;
pub mod pieces;
pub mod playback;
pub mod reference;
pub mod scenario_io;
pub mod solving;
pub mod sweep;
