//! The material of every solid in the views ([`Matte`]): a colour, shaded by a fixed light or
//! drawn flat, translucent when its alpha is under 1.
//!
//! Bevy's standard material runs its whole physically based shader on every pixel, lit or not.
//! Under a software renderer (llvmpipe on a desktop without a GPU, SwiftShader in a browser)
//! that is most of each frame's cost (measured in docs/performance.md). This shader does a
//! dot product.

use bevy::asset::uuid_handle;
use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

const SHADER: Handle<Shader> = uuid_handle!("5f0c7a3e-9b21-4c8d-a6e4-1d2b3c4f5a60");

/// Where the scene's light comes from: above, to the right and in front of the starting view.
const LIGHT_FROM: Vec3 = Vec3::new(3.0, 8.0, 5.0);

/// A solid's colour, shaded as a matte surface ([`Matte::lit`]) or flat ([`Matte::flat`]).
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct Matte {
    /// The colour; its alpha is the solid's opacity.
    #[uniform(0)]
    color: LinearRgba,
    /// Towards the light (xyz), and how much the light shapes the surface (w: 1 or 0).
    #[uniform(1)]
    light: Vec4,
}

impl Matte {
    /// Shaded by its facing towards the light: a curved surface reads as curved.
    pub fn lit(color: Color) -> Self {
        Matte {
            color: color.into(),
            light: LIGHT_FROM.normalize().extend(1.0),
        }
    }

    /// One colour all over (regions, simplex faces: shapes with no surface to shade).
    pub fn flat(color: Color) -> Self {
        Matte {
            color: color.into(),
            light: Vec4::ZERO,
        }
    }

    pub fn set_color(&mut self, color: Color) {
        self.color = color.into();
    }

    /// The opacity.
    pub fn alpha(&self) -> f32 {
        self.color.alpha
    }
}

impl Material for Matte {
    fn fragment_shader() -> ShaderRef {
        ShaderRef::Handle(SHADER)
    }

    fn alpha_mode(&self) -> AlphaMode {
        if self.color.alpha < 1.0 {
            AlphaMode::Blend
        } else {
            AlphaMode::Opaque
        }
    }

    fn enable_shadows() -> bool {
        false
    }
}

pub(crate) fn plugin(app: &mut App) {
    // WESL, as Bevy's own shaders: the mesh pipeline's vertex output is imported by its module
    // path and the material's bind group is a constant the pipeline defines.
    let shader = Shader::from_wesl(
        include_str!("shaders/matte.wesl"),
        "embedded://gjk_lab/views/shaders/matte.wesl",
    );
    app.world_mut()
        .resource_mut::<Assets<Shader>>()
        .insert(SHADER.id(), shader)
        .expect("a fixed handle is always valid");
    app.add_plugins(MaterialPlugin::<Matte>::default());
}
