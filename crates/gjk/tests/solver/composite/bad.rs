//! Meshes that are refused, each naming the field and the reason.

use gjk::composite::{Compound, TriMesh};
use gjk::{Pose, Precision, PreparedShape, Shape};
use glam::{DQuat, DVec3};

fn refusal(vertices: Vec<DVec3>, triangles: Vec<[u32; 3]>) -> String {
    TriMesh::new(vertices, triangles, Precision::F64)
        .expect_err("refused")
        .to_string()
}

fn square() -> Vec<DVec3> {
    vec![
        DVec3::new(0.0, 0.0, 0.0),
        DVec3::new(1.0, 0.0, 0.0),
        DVec3::new(1.0, 0.0, 1.0),
        DVec3::new(0.0, 0.0, 1.0),
    ]
}

#[test]
fn each_fault_of_a_mesh_is_named() {
    let e = refusal(square(), vec![]);
    assert!(e.starts_with("triangles: a mesh needs a triangle"), "{e}");
    let mut nan = square();
    nan[2].y = f64::NAN;
    let e = refusal(nan, vec![[0, 3, 2]]);
    assert!(
        e.starts_with("vertices[2].y: NaN is not a finite number"),
        "{e}"
    );
    let mut huge = square();
    huge[1].x = 1e80;
    let e = refusal(huge, vec![[0, 3, 2]]);
    assert!(e.starts_with("vertices[1].x: 1e80"), "{e}");
    let e = refusal(square(), vec![[0, 3, 2], [0, 2, 7]]);
    assert_eq!(e, "triangles[1]: names vertex 7, but there are 4 vertices");
    let e = refusal(square(), vec![[0, 3, 3]]);
    assert!(e.starts_with("triangles[0]: has no area"), "{e}");
    let mut line = square();
    line[3] = DVec3::new(2.0, 0.0, 0.0);
    let e = refusal(line, vec![[0, 1, 3]]);
    assert!(
        e.starts_with("triangles[0]: has no area: vertices 0, 1 and 3 lie on one line"),
        "{e}"
    );
    // The second triangle faces down: it runs along the diagonal 0–2 the way the first does.
    let e = refusal(square(), vec![[0, 3, 2], [0, 1, 2]]);
    assert!(
        e.starts_with("triangles[1]: runs along the edge between vertices 0 and 2"),
        "{e}"
    );
    assert!(e.contains("windings disagree"), "{e}");
    let e = refusal(square(), vec![[0, 3, 2], [0, 3, 2]]);
    assert!(e.contains("or the triangle is there twice"), "{e}");
    // A fin: three triangles on the edge 0–2.
    let mut fin = square();
    fin.push(DVec3::new(0.5, 1.0, 0.5));
    let e = refusal(fin, vec![[0, 3, 2], [0, 2, 1], [2, 0, 4]]);
    assert!(e.contains("joins 3 triangles (0, 1, 2)"), "{e}");
}

#[test]
fn a_height_field_is_a_grid_of_two_triangles_a_cell_facing_up() {
    let heights = vec![vec![0.0, 0.1, 0.0], vec![0.2, 0.0, 0.3]];
    let mesh = TriMesh::height_field(&heights, DVec3::new(4.0, 2.0, 1.0), Precision::F64).unwrap();
    assert_eq!(mesh.vertices().len(), 6);
    assert_eq!(mesh.triangles().len(), 4);
    assert_eq!(mesh.vertices()[5], DVec3::new(2.0, 0.6, 0.5));
    for t in 0..4 {
        assert!(
            mesh.normal(t).y > 0.5,
            "triangle {t} faces {}",
            mesh.normal(t)
        );
    }
    // Inside the grid every cell's diagonal joins its two triangles, and cells join cells.
    assert_eq!(mesh.neighbour(0, 2), Some(1));
    assert!(
        (0..4)
            .map(|t| (0..3).filter(|&k| mesh.neighbour(t, k).is_some()).count())
            .sum::<usize>()
            == 6
    );
    let e = TriMesh::height_field(&[vec![0.0, 1.0], vec![0.0]], DVec3::ONE, Precision::F64)
        .unwrap_err()
        .to_string();
    assert_eq!(e, "heights[1]: has 1 heights; the first row has 2");
    let e = TriMesh::height_field(&[vec![0.0, 1.0]], DVec3::ONE, Precision::F64)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("heights: a height field needs at least 2 × 2"),
        "{e}"
    );
}

#[test]
fn a_compound_refuses_a_pose_it_cannot_place() {
    let ball = PreparedShape::new(Shape::Sphere { radius: 1.0 });
    let e = Compound::new(vec![], Precision::F64)
        .unwrap_err()
        .to_string();
    assert_eq!(e, "pieces: a compound needs a piece");
    let far = Pose::at(DVec3::new(0.0, f64::INFINITY, 0.0));
    let e = Compound::new(
        vec![(ball.clone(), Pose::at(DVec3::ZERO)), (ball.clone(), far)],
        Precision::F64,
    )
    .unwrap_err()
    .to_string();
    assert!(e.starts_with("pieces[1].position:"), "{e}");
    let skew = Pose {
        position: DVec3::ZERO,
        rotation: DQuat::from_xyzw(0.0, 0.0, 0.0, 2.0),
    };
    let e = Compound::new(vec![(ball, skew)], Precision::F64)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("pieces[0].rotation:") && e.ends_with("is not a unit quaternion"),
        "{e}"
    );
}

/// Pieces far past f32's comfortable range: the tree's boxes are f32 and its search measures
/// them in f32, where a gap's square overflows past 1.8e19. Two triangles at 2e19 and 1e20
/// from a ball: the nearer is the one that answers, and its distance bounds the pair's.
#[test]
fn a_search_among_pieces_far_past_f32s_squares_still_finds_the_nearest() {
    // Each as wide as a tenth of its distance: no sliver at that magnitude.
    let triangle = |x: f64| {
        [
            DVec3::new(x, 0.0, 0.0),
            DVec3::new(x, x / 10.0, 0.0),
            DVec3::new(x, 0.0, x / 10.0),
        ]
    };
    let vertices: Vec<DVec3> = [1e20, 2e19].into_iter().flat_map(triangle).collect();
    let mesh = TriMesh::new(vertices, vec![[0, 1, 2], [3, 4, 5]], Precision::F64).unwrap();
    let composite = gjk::composite::Composite::mesh(mesh);
    let ball = gjk::BodySpec {
        shape: Shape::Sphere { radius: 1.0 },
        position: DVec3::ZERO,
        rotation: DQuat::IDENTITY,
        margin: 0.0,
    };
    let shape = PreparedShape::new(ball.shape.clone());
    let answer = gjk::composite::query_composite(
        gjk::Placed::new(&shape, &ball),
        &composite,
        &gjk::SolverConfig::default(),
        0.0,
    );
    assert!(
        answer.runs.iter().any(|r| r.piece == 1),
        "{:?}",
        answer.runs
    );
    let [lo, hi] = answer.distance_bounds;
    assert!(lo <= 2e19 - 1.0 && hi >= 2e19 - 1.0, "{lo} {hi}");
    assert!(hi < 3e19, "the pair's distance is the nearer piece's: {hi}");
}
