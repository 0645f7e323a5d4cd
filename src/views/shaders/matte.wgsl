// The one material of every solid in the views: a colour, shaded as a matte surface under a
// light fixed in the world, or flat. A handful of instructions per pixel, where the standard PBR
// shader runs hundreds: under a software renderer that is most of a frame.

#import bevy_pbr::forward_io::VertexOutput

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> color: vec4<f32>;
// xyz: towards the light; w: 1 shades by the surface's facing, 0 draws the colour flat.
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> light: vec4<f32>;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    var shade = 1.0;
    // Flat solids may have no normals at all: never read them then.
    if light.w > 0.0 {
        let facing = max(dot(normalize(in.world_normal), light.xyz), 0.0);
        shade = mix(1.0, 0.42 + 0.58 * facing, light.w);
    }
    return vec4<f32>(color.rgb * shade, color.a);
}
