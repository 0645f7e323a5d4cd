//! avian3d and avian2d: the pairs in its contact graph, its colliders' scaled shapes and poses,
//! and a spatial query that records the next shape cast.
//!
//! Colliders are read where avian's narrow phase reads them: `Collider::shape_scaled` at the
//! collider's own `Position` and `Rotation` (not the interpolated `GlobalTransform`), each
//! grown by its `CollisionMargin`, with contacts predicted to the narrow phase's contact
//! tolerance.

macro_rules! avian_capture {
    ($avian:ident, $dim:ident, $name:literal, $Vector:ty, $Rot:ty, $Dir:ty, $pose:expr) => {
        use crate::case::{ArmedCast, CaptureOutcome, CaptureRequest, CaptureSettings, Pairs};
        use crate::parry::$dim::{CastCall, contact};
        use bevy::diagnostic::FrameCount;
        use bevy::ecs::system::SystemParam;
        use bevy::prelude::*;
        use $avian::parry::math::Pose;
        use $avian::parry::query::ShapeCastOptions;
        use $avian::prelude::*;

        const ENGINE: &str = concat!($name, " 0.8");

        /// A collider as the narrow phase reads it.
        type ColliderParts = (
            &'static Collider,
            &'static Position,
            &'static Rotation,
            Option<&'static CollisionMargin>,
        );

        pub(crate) fn plugin(app: &mut App) {
            // Run only on a request: while nothing is asked, a frame pays one condition.
            app.add_systems(
                Update,
                (capture_contacts, capture_shape_casters)
                    .after(crate::case::arm_casts)
                    .run_if(on_message::<CaptureRequest>),
            );
        }

        fn pose_of(position: &Position, rotation: &Rotation) -> Pose {
            ($pose)(position.0, *rotation)
        }

        /// The two colliders' contact, recomputed at their poses, each grown by its margin.
        fn capture_pair(
            colliders: &Query<ColliderParts>,
            [e1, e2]: [Entity; 2],
            prediction: f32,
        ) -> Result<crate::case::Capture, String> {
            let get = |e: Entity, who: &str| {
                colliders
                    .get(e)
                    .map_err(|_| format!("{who} ({e}) is not a collider with a position"))
            };
            let (c1, pos1, rot1, m1) = get(e1, "A")?;
            let (c2, pos2, rot2, m2) = get(e2, "B")?;
            let (m1, m2) = (m1.map_or(0.0, |m| m.0), m2.map_or(0.0, |m| m.0));
            let mut captured = contact(
                ENGINE,
                (c1.shape_scaled().as_ref(), &pose_of(pos1, rot1)),
                (c2.shape_scaled().as_ref(), &pose_of(pos2, rot2)),
                prediction + m1 + m2,
            )?;
            // avian counts a collision margin as part of the shape: the surfaces move out
            // along the normal and the separation shrinks by both margins.
            if m1 + m2 > 0.0 {
                captured.add_margins(m1, m2);
            }
            Ok(captured)
        }

        /// A shape cast as avian ran it: the cast shape, where it started and turned, its
        /// direction (unit speed: the time is the distance) and its configuration.
        struct Cast<'a> {
            shape: &'a Collider,
            origin: $Vector,
            shape_rotation: $Rot,
            direction: $Dir,
            config: &'a ShapeCastConfig,
        }

        /// A cast's case, or why not, and its label.
        struct CastCase(Result<crate::case::Capture, String>, Entity);

        impl CastCase {
            fn write(self, settings: &CaptureSettings, frame: u32) -> CaptureOutcome {
                let CastCase(captured, target) = self;
                match captured {
                    Ok(c) => c.write(settings, frame, &format!("{target}")),
                    Err(reason) => CaptureOutcome::Refused {
                        what: format!("{ENGINE} cast against {target}"),
                        reason,
                    },
                }
            }
        }

        impl Cast<'_> {
            /// The case against `target` (the collider hit, or named for a miss) with avian's
            /// answer: its distance, the world normal on the collider hit and both world
            /// points (avian does not report parry's status).
            fn capture(
                &self,
                colliders: &Query<ColliderParts>,
                target: Entity,
                hit: Option<&ShapeHitData>,
            ) -> CastCase {
                let Ok((collider, position, rotation, _)) = colliders.get(target) else {
                    return CastCase(
                        Err(format!("{target} is not a collider with a position")),
                        target,
                    );
                };
                let config = self.config;
                let call = CastCall {
                    engine: ENGINE,
                    target: (
                        collider.shape_scaled().as_ref(),
                        pose_of(position, rotation),
                    ),
                    shape: (
                        self.shape.shape_scaled().as_ref(),
                        pose_of(&Position(self.origin), &Rotation::from(self.shape_rotation)),
                    ),
                    velocity: *self.direction,
                    options: ShapeCastOptions {
                        max_time_of_impact: config.max_distance,
                        target_distance: config.target_distance,
                        stop_at_penetration: !config.ignore_origin_penetration,
                        compute_impact_geometry_on_penetration: config
                            .compute_contact_on_penetration,
                    },
                    engine_hit: hit
                        .map(|h| (h.distance, None, Some([h.normal1, h.point1, h.point2]))),
                };
                CastCase(call.capture(), target)
            }
        }

        /// The casts avian's `ShapeCaster` components made in the last physics step, each
        /// against its nearest hit: written when the next cast is asked for.
        fn capture_shape_casters(
            mut requests: MessageReader<CaptureRequest>,
            casters: Query<(&ShapeCaster, &ShapeHits)>,
            colliders: Query<ColliderParts>,
            settings: Res<CaptureSettings>,
            frame: Option<Res<FrameCount>>,
            mut outcomes: MessageWriter<CaptureOutcome>,
        ) {
            if !requests
                .read()
                .any(|r| matches!(r, CaptureRequest::NextCast { .. }))
            {
                return;
            }
            let frame = frame.map_or(0, |f| f.0);
            for (caster, hits) in &casters {
                let Some(hit) = hits.iter_sorted().next() else {
                    continue;
                };
                let config = ShapeCastConfig {
                    max_distance: caster.max_distance,
                    target_distance: caster.target_distance,
                    compute_contact_on_penetration: caster.compute_contact_on_penetration,
                    ignore_origin_penetration: caster.ignore_origin_penetration,
                };
                let cast = Cast {
                    shape: &caster.shape,
                    origin: caster.global_origin(),
                    shape_rotation: caster.global_shape_rotation(),
                    direction: caster.global_direction(),
                    config: &config,
                };
                outcomes.write(
                    cast.capture(&colliders, hit.entity, Some(&hit))
                        .write(&settings, frame),
                );
            }
        }

        /// Answers contact and pair requests.
        #[expect(
            clippy::too_many_arguments,
            reason = "a system's parameters, and the engine's cast arguments passed on"
        )]
        fn capture_contacts(
            mut requests: MessageReader<CaptureRequest>,
            // Absent where the game runs another engine (the crate may be built with several).
            graph: If<Res<ContactGraph>>,
            colliders: Query<ColliderParts>,
            config: Option<Res<NarrowPhaseConfig>>,
            unit: Option<Res<PhysicsLengthUnit>>,
            settings: Res<CaptureSettings>,
            frame: Option<Res<FrameCount>>,
            mut outcomes: MessageWriter<CaptureOutcome>,
        ) {
            let prediction =
                config.map_or(0.0, |c| c.contact_tolerance) * unit.map_or(1.0, |u| u.0);
            let frame = frame.map_or(0, |f| f.0);
            for request in requests.read() {
                let pairs: Vec<[Entity; 2]> = match *request {
                    CaptureRequest::Pair(a, b) => vec![[a, b]],
                    CaptureRequest::Contacts(which) => {
                        let touching = graph
                            .iter_active_touching()
                            .chain(graph.iter_sleeping_touching());
                        let pairs: Vec<_> = match which {
                            Pairs::All => touching.collect(),
                            Pairs::Of(e) => touching
                                .filter(|p| p.collider1 == e || p.collider2 == e)
                                .collect(),
                            Pairs::Deepest => touching
                                .max_by(|x, y| {
                                    let depth = |p: &ContactPair| {
                                        p.find_deepest_contact().map_or(f32::MIN, |c| c.penetration)
                                    };
                                    depth(x).total_cmp(&depth(y))
                                })
                                .into_iter()
                                .collect(),
                        };
                        if pairs.is_empty() {
                            outcomes.write(CaptureOutcome::Refused {
                                what: format!("{ENGINE} contacts ({which:?})"),
                                reason: "no pair is in contact".into(),
                            });
                        }
                        pairs.iter().map(|p| [p.collider1, p.collider2]).collect()
                    }
                    CaptureRequest::NextCast { .. } => continue,
                };
                for pair in pairs {
                    let label = format!("{}-{}", pair[0], pair[1]);
                    outcomes.write(match capture_pair(&colliders, pair, prediction) {
                        Ok(captured) => captured.write(&settings, frame, &label),
                        Err(reason) => CaptureOutcome::Refused {
                            what: format!("{ENGINE} {label}"),
                            reason,
                        },
                    });
                }
            }
        }

        pub use param::{GjkMoveAndSlide, GjkSpatialQuery};

        /// The parameter in a module of its own: the fields the derive generates beside it
        /// have no Debug, as avian's SpatialQuery has none.
        #[expect(
            missing_debug_implementations,
            reason = "avian's SpatialQuery has no Debug"
        )]
        mod param {
            use super::*;

            /// avian's `SpatialQuery`, recording the next shape cast when the capture is armed
            /// (the key, or [`CaptureRequest::NextCast`]). Use it where the game used
            /// `SpatialQuery`: everything else derefs to the engine's own.
            #[derive(SystemParam)]
            pub struct GjkSpatialQuery<'w, 's> {
                /// The engine's spatial query.
                pub inner: SpatialQuery<'w, 's>,
                pub(super) armed: ResMut<'w, ArmedCast>,
                pub(super) colliders: Query<'w, 's, ColliderParts>,
                pub(super) settings: Res<'w, CaptureSettings>,
                pub(super) frame: Option<Res<'w, FrameCount>>,
                pub(super) outcomes: MessageWriter<'w, CaptureOutcome>,
            }

            /// avian's `MoveAndSlide`, recording the first sweep of the next move that hits
            /// when the capture is armed (the key, or [`CaptureRequest::NextCast`]). Use it
            /// where the game used `MoveAndSlide`: everything else derefs to the engine's own.
            #[derive(SystemParam)]
            pub struct GjkMoveAndSlide<'w, 's> {
                /// The engine's move and slide.
                pub inner: MoveAndSlide<'w, 's>,
                pub(super) armed: ResMut<'w, ArmedCast>,
                pub(super) colliders: Query<'w, 's, ColliderParts>,
                pub(super) settings: Res<'w, CaptureSettings>,
                pub(super) frame: Option<Res<'w, FrameCount>>,
                pub(super) outcomes: MessageWriter<'w, CaptureOutcome>,
            }
        }

        impl<'w, 's> std::ops::Deref for GjkMoveAndSlide<'w, 's> {
            type Target = MoveAndSlide<'w, 's>;
            fn deref(&self) -> &Self::Target {
                &self.inner
            }
        }

        /// What the first hit of a move tells of its sweep: the shape was moved `distance`
        /// along `velocity`'s direction to `moved_to` (its skin width short of the hit), in a
        /// sweep that searched to `reach`.
        #[derive(Debug, Clone, Copy)]
        struct Sweep {
            entity: Entity,
            moved_to: $Vector,
            velocity: $Vector,
            distance: f32,
            reach: f32,
        }

        impl GjkMoveAndSlide<'_, '_> {
            /// `MoveAndSlide::move_and_slide`, the same arguments and answer (`on_hit` sees
            /// every hit as before); when armed, the first sweep that hits is written as a
            /// case: A the collider hit, B the shape at the sweep's start moving at unit
            /// speed, with avian's own cast answer for it.
            #[expect(
                clippy::too_many_arguments,
                reason = "the engine's own arguments, passed on"
            )]
            pub fn move_and_slide(
                &mut self,
                shape: &Collider,
                shape_position: $Vector,
                shape_rotation: $Rot,
                velocity: $Vector,
                delta_time: std::time::Duration,
                config: &MoveAndSlideConfig,
                filter: &SpatialQueryFilter,
                mut on_hit: impl FnMut(MoveAndSlideHitData) -> MoveAndSlideHitResponse,
            ) -> MoveAndSlideOutput {
                let armed = self.armed.armed;
                let mut first: Option<Sweep> = None;
                let output = self.inner.move_and_slide(
                    shape,
                    shape_position,
                    shape_rotation,
                    velocity,
                    delta_time,
                    config,
                    filter,
                    |hit| {
                        // A move's first call is a sweep's hit (the contact planes gathered
                        // after it come later, under the same entity).
                        if armed && first.is_none() {
                            first = Some(Sweep {
                                entity: hit.entity,
                                moved_to: *hit.position,
                                velocity: *hit.velocity,
                                distance: hit.distance,
                                reach: hit.collision_distance,
                            });
                        }
                        on_hit(hit)
                    },
                );
                if armed && first.is_none() {
                    self.armed.misses += 1;
                }
                if let Some(sweep) = first {
                    self.armed.disarm();
                    let frame = self.frame.as_ref().map_or(0, |f| f.0);
                    let outcome = self
                        .sweep_case(shape, shape_rotation, filter, sweep)
                        .write(&self.settings, frame);
                    self.outcomes.write(outcome);
                }
                output
            }

            /// The sweep's cast asked of avian again, at its start (where the shape was moved
            /// from: `moved_to` less `distance` along the direction, to f32's rounding) with
            /// avian's own settings for it, for the engine's answer the move did not hand on.
            fn sweep_case(
                &self,
                shape: &Collider,
                shape_rotation: $Rot,
                filter: &SpatialQueryFilter,
                sweep: Sweep,
            ) -> CastCase {
                let Ok(direction) = <$Dir>::new(sweep.velocity) else {
                    return CastCase(Err("the sweep's velocity is zero".into()), sweep.entity);
                };
                let origin = sweep.moved_to - *direction * sweep.distance;
                let config = ShapeCastConfig {
                    ignore_origin_penetration: true,
                    ..ShapeCastConfig::from_max_distance(sweep.reach)
                };
                let hit = self.inner.spatial_query.cast_shape_predicate(
                    shape,
                    origin,
                    shape_rotation,
                    direction,
                    &config,
                    filter,
                    &|e| self.inner.colliders.contains(e),
                );
                let cast = Cast {
                    shape,
                    origin,
                    shape_rotation,
                    direction,
                    config: &config,
                };
                let mut case = cast.capture(
                    &self.colliders,
                    sweep.entity,
                    hit.as_ref().filter(|h| h.entity == sweep.entity),
                );
                if let Ok(captured) = &mut case.0 {
                    captured.notes_mut().push(format!(
                        "A move-and-slide sweep: avian moved the shape {} of the way to this                          hit, keeping its skin width, in a sweep searched to {}.",
                        sweep.distance, sweep.reach
                    ));
                }
                case
            }
        }

        impl<'w, 's> std::ops::Deref for GjkSpatialQuery<'w, 's> {
            type Target = SpatialQuery<'w, 's>;
            fn deref(&self) -> &Self::Target {
                &self.inner
            }
        }

        impl GjkSpatialQuery<'_, '_> {
            /// `SpatialQuery::cast_shape`, the same arguments and answer; when armed, the
            /// call and its answer are written as a case (A the collider hit, B the cast
            /// shape moving along `direction` at unit speed, so the time is the distance).
            pub fn cast_shape(
                &mut self,
                shape: &Collider,
                origin: $Vector,
                shape_rotation: $Rot,
                direction: $Dir,
                config: &ShapeCastConfig,
                filter: &SpatialQueryFilter,
            ) -> Option<ShapeHitData> {
                let hit =
                    self.inner
                        .cast_shape(shape, origin, shape_rotation, direction, config, filter);
                if self.armed.armed {
                    let against = hit.as_ref().map(|h| h.entity).or(self.armed.against);
                    if let Some(target) = against {
                        self.armed.disarm();
                        let frame = self.frame.as_ref().map_or(0, |f| f.0);
                        let cast = Cast {
                            shape,
                            origin,
                            shape_rotation,
                            direction,
                            config,
                        };
                        let outcome = cast
                            .capture(&self.colliders, target, hit.as_ref())
                            .write(&self.settings, frame);
                        self.outcomes.write(outcome);
                    } else {
                        self.armed.misses += 1;
                    }
                }
                hit
            }
        }
    };
}

#[cfg(feature = "avian3d")]
pub(crate) mod dim3 {
    avian_capture!(
        avian3d,
        dim3,
        "avian3d",
        Vec3,
        Quat,
        Dir3,
        |p: Vec3, r: Rotation| Pose::from_parts(p, r.0)
    );
}

#[cfg(feature = "avian2d")]
pub(crate) mod dim2 {
    avian_capture!(
        avian2d,
        dim2,
        "avian2d",
        Vec2,
        Rot2,
        Dir2,
        |p: Vec2, r: Rotation| Pose::from_parts(
            p,
            avian2d::parry::math::Rot2::from_cos_sin_unchecked(r.cos, r.sin)
        )
    );
}
