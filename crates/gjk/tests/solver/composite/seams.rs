//! Seams worked out by hand: a flat quad's diagonal (internal: the floor's normal is the only
//! one), a ridge (a real edge), a valley, a mesh's border, and two flush tiles of a compound.

use crate::solver::common::at;
use gjk::composite::seam::{Bend, OnTriangle, Verdict};
use gjk::composite::{Composite, Compound, Judged, TriMesh, query_composite};
use gjk::query::Placed;
use gjk::{BodySpec, Precision, PreparedShape, Shape, SolverConfig};
use glam::DVec3;

/// Two triangles making the square |x|, |z| ≤ 1 of the floor y = 0, split along x = z:
/// triangle 0 holds the side x < z, triangle 1 the side x > z; both face +y.
fn quad() -> Composite {
    let vertices = vec![
        DVec3::new(-1.0, 0.0, -1.0),
        DVec3::new(1.0, 0.0, -1.0),
        DVec3::new(1.0, 0.0, 1.0),
        DVec3::new(-1.0, 0.0, 1.0),
    ];
    Composite::mesh(TriMesh::new(vertices, vec![[0, 3, 2], [0, 2, 1]], Precision::F64).unwrap())
}

fn ball(radius: f64, centre: DVec3) -> (PreparedShape, BodySpec) {
    let spec = at(Shape::Sphere { radius }, centre);
    (PreparedShape::new(spec.shape.clone()), spec)
}

#[test]
fn a_ball_over_one_triangle_of_a_flat_quad_gets_a_ghost_from_the_diagonal() {
    // The centre is over triangle 1, 0.1414 from the diagonal: triangle 0's nearest point is
    // the diagonal's (0, 0, 0), 0.4717 from the centre, so the lone triangle 0 is 0.0283 deep
    // in the ball along a normal 17.4° off the floor's.
    let (shape, spec) = ball(0.5, DVec3::new(0.1, 0.45, -0.1));
    let answer = query_composite(
        Placed::new(&shape, &spec),
        &quad(),
        &SolverConfig::default(),
        0.0,
    );
    assert_eq!(answer.intersecting, Some(true));
    assert_eq!(
        answer.runs.iter().map(|r| r.piece).collect::<Vec<_>>(),
        [0, 1]
    );
    let seam = |piece: usize| match &answer.runs[piece].contacts[..] {
        [contact] => match &contact.judged {
            Judged::Mesh(seam) => seam.clone(),
            other => panic!("a mesh contact judged as {other:?}"),
        },
        other => panic!("piece {piece}: {} contacts", other.len()),
    };
    let ghost = seam(0);
    assert_eq!(
        ghost.on,
        OnTriangle::Edge(2),
        "the diagonal, from corner 2 back to 0"
    );
    assert_eq!(ghost.bends, [Bend::Flat]);
    assert_eq!(ghost.verdict, Verdict::Ghost);
    let tilt = (0.02f64.sqrt()).atan2(0.45);
    assert!(
        (ghost.off_by - tilt).abs() < 1e-9,
        "{} against {tilt}",
        ghost.off_by
    );
    // Both engines' fixes give the floor's normal back.
    assert!(ghost.fixes.parry.unwrap().distance(DVec3::Y) < 1e-12);
    assert!(ghost.fixes.jolt.distance(DVec3::Y) < 1e-12);
    let real = seam(1);
    assert_eq!((real.on, real.verdict), (OnTriangle::Face, Verdict::Real));
    assert!(real.normal.distance(DVec3::Y) < 1e-9);
    assert_eq!(answer.ghosts().count(), 1);
    let depth = answer.runs[1].finish.penetration.unwrap().depth;
    assert!((depth - 0.05).abs() < 1e-9, "the floor's depth, {depth}");
}

#[test]
fn a_ball_on_a_ridge_touches_a_real_edge() {
    // A roof: the ridge from (0, 0.5, −1) to (0, 0.5, 1), slopes down to x = ±1.
    let vertices = vec![
        DVec3::new(0.0, 0.5, -1.0),
        DVec3::new(0.0, 0.5, 1.0),
        DVec3::new(-1.0, 0.0, 0.0),
        DVec3::new(1.0, 0.0, 0.0),
    ];
    let roof = Composite::mesh(
        TriMesh::new(vertices, vec![[0, 2, 1], [0, 1, 3]], Precision::F64).unwrap(),
    );
    let (shape, spec) = ball(0.3, DVec3::new(0.0, 0.78, 0.0));
    let answer = query_composite(
        Placed::new(&shape, &spec),
        &roof,
        &SolverConfig::default(),
        0.0,
    );
    assert_eq!(answer.intersecting, Some(true));
    for run in &answer.runs {
        let Judged::Mesh(seam) = &run.contacts[0].judged else {
            panic!("not a mesh contact")
        };
        assert!(matches!(seam.on, OnTriangle::Edge(_)), "{:?}", seam.on);
        assert_eq!(seam.bends, [Bend::Convex]);
        assert_eq!(
            seam.verdict,
            Verdict::Real,
            "straight up lies between the slopes' normals"
        );
        assert_eq!(seam.off_by, 0.0);
        // A 53° ridge is active for Jolt, and inside parry's cone: both keep the normal.
        assert_eq!(seam.fixes.jolt, seam.normal);
        assert_eq!(seam.fixes.parry, Some(seam.normal));
    }
    assert_eq!(answer.ghosts().count(), 0);
}

#[test]
fn a_ball_in_a_valley_touches_both_faces() {
    let vertices = vec![
        DVec3::new(0.0, 0.0, -1.0),
        DVec3::new(0.0, 0.0, 1.0),
        DVec3::new(-1.0, 0.5, 0.0),
        DVec3::new(1.0, 0.5, 0.0),
    ];
    let mesh = TriMesh::new(vertices, vec![[0, 2, 1], [0, 1, 3]], Precision::F64).unwrap();
    let valley = Composite::mesh(mesh.clone());
    let (shape, spec) = ball(0.2, DVec3::new(0.0, 0.15, 0.0));
    let answer = query_composite(
        Placed::new(&shape, &spec),
        &valley,
        &SolverConfig::default(),
        0.0,
    );
    assert_eq!(answer.intersecting, Some(true));
    assert_eq!(answer.runs.len(), 2);
    for run in &answer.runs {
        let Judged::Mesh(seam) = &run.contacts[0].judged else {
            panic!("not a mesh contact")
        };
        assert_eq!((seam.on, seam.verdict), (OnTriangle::Face, Verdict::Real));
        assert!(seam.normal.distance(mesh.normal(run.piece)) < 1e-9);
    }
    assert_eq!(gjk::composite::seam::bend(&mesh, 0, 2), Bend::Concave);
}

#[test]
fn a_contact_on_the_border_of_a_mesh_is_real() {
    // Beside the quad's edge x = 1, level with it: the normal points along +x, out of the border.
    let (shape, spec) = ball(0.5, DVec3::new(1.4, 0.0, 0.2));
    let answer = query_composite(
        Placed::new(&shape, &spec),
        &quad(),
        &SolverConfig::default(),
        0.0,
    );
    let contacts: Vec<_> = answer.runs.iter().flat_map(|r| &r.contacts).collect();
    assert!(!contacts.is_empty());
    for c in contacts {
        let Judged::Mesh(seam) = &c.judged else {
            panic!("not a mesh contact")
        };
        assert_eq!(seam.verdict, Verdict::Border);
        assert!(seam.normal.distance(DVec3::X) < 1e-9, "{}", seam.normal);
    }
}

#[test]
fn the_nearest_triangle_is_found_far_from_the_floor_and_nothing_nearer_is_left_out() {
    let (shape, spec) = ball(0.5, DVec3::new(0.3, 40.0, 0.9));
    let answer = query_composite(
        Placed::new(&shape, &spec),
        &quad(),
        &SolverConfig::default(),
        0.0,
    );
    assert_eq!(answer.intersecting, Some(false));
    let [lower, upper] = answer.distance_bounds;
    assert!(
        lower <= 39.5 && 39.5 <= upper && upper - lower < 1e-9,
        "{lower}..{upper}"
    );
    assert!(answer.searched >= upper);
    assert!(
        answer.runs.iter().all(|r| r.contacts.is_empty()),
        "beyond the prediction"
    );
}

/// Two boxes 2 wide and 1 deep, their tops at y = 0, flush at x = 0: tile 0 on the left.
fn tiles() -> Composite {
    let tile = PreparedShape::new(Shape::Cuboid {
        half_extents: DVec3::new(1.0, 0.5, 1.0),
    });
    let pose = |x: f64| gjk::Pose::at(DVec3::new(x, -0.5, 0.0));
    Composite::compound(
        Compound::new(
            vec![(tile.clone(), pose(-1.0)), (tile, pose(1.0))],
            Precision::F64,
        )
        .unwrap(),
    )
}

#[test]
fn a_box_sliding_across_flush_tiles_catches_on_the_second_tiles_side() {
    // The box is 0.01 into the floor and 0.005 past the seam: tile 1 alone pushes it back
    // along −x (its shallowest way out), out of a side that lies against tile 0.
    let spec = at(
        Shape::Cuboid {
            half_extents: DVec3::splat(0.5),
        },
        DVec3::new(-0.495, 0.49, 0.0),
    );
    let shape = PreparedShape::new(spec.shape.clone());
    let answer = query_composite(
        Placed::new(&shape, &spec),
        &tiles(),
        &SolverConfig::default(),
        0.0,
    );
    assert_eq!(answer.intersecting, Some(true));
    let ghosts: Vec<_> = answer.ghosts().collect();
    assert!(!ghosts.is_empty());
    for (piece, contact) in ghosts {
        assert_eq!(piece, 1);
        assert!(
            contact.normal.distance(-DVec3::X) < 1e-9,
            "{}",
            contact.normal
        );
        assert_eq!(
            contact.judged,
            Judged::Compound {
                covered_by: Some(0)
            }
        );
    }
    let floor = &answer.runs[0];
    assert!(!floor.contacts.is_empty());
    for contact in &floor.contacts {
        assert!(contact.normal.distance(DVec3::Y) < 1e-9);
        assert_eq!(contact.judged, Judged::Compound { covered_by: None });
    }
}
