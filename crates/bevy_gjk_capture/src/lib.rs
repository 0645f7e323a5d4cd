//! Capture a game's collision queries as GJK Lab cases.
//!
//! Add [`GjkCapturePlugin`] beside the physics plugins, run the game, press **F9**: every pair
//! in contact is written as one scenario file (3D or 2D, `precision: f32`, as the engine
//! computed), with the engine's own answer beside the bodies, and a link that opens it in the
//! lab's page or in `gjk-lab --link` is logged.
//!
//! ```no_run
//! # #[cfg(feature = "avian3d")] {
//! use avian3d::prelude::*;
//! use bevy::prelude::*;
//!
//! App::new()
//!     .add_plugins((DefaultPlugins, PhysicsPlugins::default()))
//!     .add_plugins(bevy_gjk_capture::GjkCapturePlugin::default())
//!     .run();
//! # }
//! ```
//!
//! What it captures:
//! - **contacts**: the pairs in contact (all of them, the deepest, or those of one entity), on
//!   the key ([`CaptureSettings::key`]) or a [`CaptureRequest`] message the game sends;
//! - **a pair named by two entities**, at any moment, in contact or not
//!   ([`CaptureRequest::Pair`]): for a test or a bug report;
//! - **shape casts**: the game casts through [`GjkSpatialQuery`] (avian) or
//!   [`GjkRapierContext`] (rapier), which forward to the engine's own `cast_shape`; the key (or
//!   [`CaptureRequest::NextCast`]) arms the next such cast to be written with its answer;
//!   the same request writes avian's `ShapeCaster` hits, which need no wrapper;
//! - **character controllers' moves**: bevy_rapier's `KinematicCharacterController`
//!   collisions need no wrapper (each is written as the cast that found it); avian's
//!   move-and-slide goes through [`GjkMoveAndSlide`], which writes the first sweep that hits.
//!
//! **Poses.** Both engines compute contacts at the start of a step and then move the bodies, so
//! the contacts they store do not match the poses after the step (and avian keeps a pair's
//! contact unrecomputed while it barely moves). A capture therefore takes the colliders' poses
//! when it runs and recomputes the engine's contact there with the engine's own parry, the same
//! routine the narrow phase calls; the file says so (`engine.poses: recomputed`). A cast is
//! recorded with the poses of its call.
//!
//! **Shapes.** Ball, cuboid, capsule, cylinder, cone, convex polyhedron or polygon, triangle,
//! segment and their round variants (the border radius as the margin), as the engine scaled
//! them. A convex collider against a triangle mesh, a height field, a compound or a polyline
//! is written as a case of many pieces: the pieces near the pair with their neighbours (never
//! the whole level), the engine's manifold on each piece or its cast's hit, and whether its
//! internal-edge fix was on, so that the lab judges each engine normal on its seam. Anything
//! else (a half-space, voxels, a custom shape) is refused with a message naming its type, and
//! nothing is written.
//!
//! Costs next to nothing while not triggered: one key check a frame, the capture systems run
//! only when a request arrives, and the cast wrappers test one flag.
//!
//! One feature per engine, none by default: `avian3d`, `avian2d`, `bevy_rapier3d`,
//! `bevy_rapier2d`.

#[cfg(any(feature = "avian3d", feature = "avian2d"))]
mod avian;
mod case;
#[cfg(any(
    feature = "avian3d",
    feature = "avian2d",
    feature = "bevy_rapier3d",
    feature = "bevy_rapier2d"
))]
mod cut;
#[cfg(any(
    feature = "avian3d",
    feature = "avian2d",
    feature = "bevy_rapier3d",
    feature = "bevy_rapier2d"
))]
mod parry;
mod pieces;
#[cfg(any(feature = "bevy_rapier3d", feature = "bevy_rapier2d"))]
mod rapier;

pub use case::{CaptureOutcome, CaptureRequest, CaptureSettings, Pairs};

#[cfg(feature = "avian2d")]
pub use avian::dim2::{GjkMoveAndSlide as GjkMoveAndSlide2d, GjkSpatialQuery as GjkSpatialQuery2d};
#[cfg(feature = "avian3d")]
pub use avian::dim3::{GjkMoveAndSlide, GjkSpatialQuery};
#[cfg(feature = "bevy_rapier2d")]
pub use rapier::dim2::GjkRapierContext as GjkRapierContext2d;
#[cfg(feature = "bevy_rapier3d")]
pub use rapier::dim3::GjkRapierContext;

use bevy::prelude::*;

/// The plugin: settings, the key, the request and outcome messages, and a capture system for
/// each engine the crate was built with.
#[derive(Debug, Default)]
pub struct GjkCapturePlugin {
    /// The settings to start with (the key, the folder, the link's page).
    pub settings: CaptureSettings,
}

impl Plugin for GjkCapturePlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(self.settings.clone())
            .init_resource::<case::ArmedCast>()
            .add_message::<CaptureRequest>()
            .add_message::<CaptureOutcome>()
            .add_systems(PreUpdate, case::key_requests)
            .add_systems(Update, case::arm_casts.run_if(on_message::<CaptureRequest>))
            // Both only while the key's arming stands: a frame otherwise pays two conditions.
            .add_systems(FixedLast, case::note_fixed_step.run_if(armed_by_key))
            .add_systems(Last, case::expire_key_cast.run_if(armed_by_key));
        #[cfg(feature = "avian3d")]
        avian::dim3::plugin(app);
        #[cfg(feature = "avian2d")]
        avian::dim2::plugin(app);
        #[cfg(feature = "bevy_rapier3d")]
        rapier::dim3::plugin(app);
        #[cfg(feature = "bevy_rapier2d")]
        rapier::dim2::plugin(app);
    }
}

/// Whether the key armed the casts (and no cast has been written since).
fn armed_by_key(armed: Res<case::ArmedCast>) -> bool {
    armed.by_key
}
