#include "detectors/scenes/files/ac3d_reader.hpp"

#include <osg/BlendFunc>
#include <osg/CullFace>
#include <osg/Geode>
#include <osg/Geometry>
#include <osg/Material>
#include <osg/ShadeModel>
#include <osg/TexEnv>
#include <osg/Texture2D>
#include <osgDB/FileNameUtils>
#include <osgDB/FileUtils>
#include <osgDB/ReadFile>

#include "detectors/scenes/files/acc_reader.hpp"
#include "detectors/scenes/files/mapped_file.hpp"

namespace crashbench {
namespace {

void set_translucent(osg::StateSet& state) {
  state.setAttribute(new osg::BlendFunc(osg::BlendFunc::SRC_ALPHA, osg::BlendFunc::ONE_MINUS_SRC_ALPHA));
  state.setMode(GL_BLEND, osg::StateAttribute::ON);
  state.setRenderingHint(osg::StateSet::TRANSPARENT_BIN);
}

struct MaterialState {
  osg::ref_ptr<osg::Material> material;
  osg::ref_ptr<osg::Vec4Array> colour;  ///< the diffuse colour, bound overall (as the reader binds it)
  bool translucent = false;
};

MaterialState material_state(const Ac3dMaterial& m) {
  constexpr auto kBoth = osg::Material::FRONT_AND_BACK;
  MaterialState state{new osg::Material, new osg::Vec4Array(1), 0 < m.transparency};
  state.material->setName(m.name);
  state.material->setDiffuse(kBoth, m.diffuse);
  state.material->setAmbient(kBoth, m.ambient);
  state.material->setEmission(kBoth, m.emission);
  state.material->setSpecular(kBoth, m.specular);
  state.material->setShininess(kBoth, m.shininess);
  state.material->setTransparency(kBoth, m.transparency);  // sets the colours' alpha
  state.material->setColorMode(osg::Material::DIFFUSE);
  (*state.colour)[0] = state.material->getDiffuse(kBoth);
  return state;
}

struct TextureState {
  osg::ref_ptr<osg::Texture2D> texture;  ///< null when the image could not be had: the reader then drops it
  bool translucent = false;
};

/// A texture as the reader sets it up, with its notifications when the file or image is missing.
TextureState texture_state(const std::string& name, const osgDB::Options* options) {
  const std::string file = osgDB::findDataFile(name, options);
  if (file.empty()) {
    OSG_FATAL << "osgDB ac3d reader: could not find texture \"" << name << "\"" << std::endl;
    return {};
  }
  const osg::ref_ptr<osg::Image> image = osgDB::readRefImageFile(file, options);
  if (!image) {
    OSG_FATAL << "osgDB ac3d reader: could not read texture \"" << name << "\"" << std::endl;
    return {};
  }
  TextureState state{new osg::Texture2D(image.get()), image->isImageTranslucent()};
  state.texture->setDataVariance(osg::Object::STATIC);
  state.texture->setWrap(osg::Texture2D::WRAP_S, osg::Texture2D::REPEAT);
  state.texture->setWrap(osg::Texture2D::WRAP_T, osg::Texture2D::REPEAT);
  return state;
}

class GraphBuilder {
 public:
  GraphBuilder(const Ac3dModel& model, const osgDB::Options* options) : modulate_(new osg::TexEnv) {
    modulate_->setDataVariance(osg::Object::STATIC);
    modulate_->setMode(osg::TexEnv::MODULATE);
    // In the reader's order, so that their notifications (a shininess clamped, a texture not found) come in it.
    materials_.resize(model.materials.size());
    textures_.resize(model.textures.size());
    for (const auto& [texture, i] : model.made) {
      const auto at = static_cast<std::size_t>(i);
      if (texture)
        textures_[at] = texture_state(model.textures[at], options);
      else
        materials_[at] = material_state(model.materials[at]);
    }
  }

  osg::ref_ptr<osg::Group> group(const Ac3dObject& object) const {
    osg::ref_ptr<osg::Group> group = new osg::Group;
    group->setDataVariance(osg::Object::STATIC);
    group->setName(object.name);
    for (const std::string& url : object.urls) group->addDescription(url);
    for (const Ac3dBin& bin : object.geodes) group->addChild(geode(bin));
    for (const Ac3dObject& kid : object.kids) group->addChild(this->group(kid));
    return group;
  }

 private:
  /// A bin's geode as the reader makes it: lines unlit and untextured, each a run of its own; surfaces lit,
  /// culled unless two-sided, shaded flat or smooth, textured when the object names a texture it found.
  osg::ref_ptr<osg::Geode> geode(const Ac3dBin& bin) const {
    const MaterialState& material = materials_[bin.material];
    const TextureState* texture =
        !bin.lines && bin.texture >= 0 && textures_[bin.texture].texture ? &textures_[bin.texture] : nullptr;
    osg::ref_ptr<osg::Geode> geode = new osg::Geode;
    geode->setDataVariance(osg::Object::STATIC);
    osg::StateSet& state = *geode->getOrCreateStateSet();
    state.setAttribute(material.material.get());
    if (material.translucent) set_translucent(state);
    if (bin.lines)
      state.setMode(GL_LIGHTING, osg::StateAttribute::OFF);
    else
      surface_state(bin, texture, state);
    // A line bin keeps its texture coordinates whatever the texture; a surface bin only with one.
    geode->addDrawable(geometry(bin, material, bin.lines || texture).get());
    return geode;
  }

  void surface_state(const Ac3dBin& bin, const TextureState* texture, osg::StateSet& state) const {
    if (texture) {
      state.setTextureAttribute(0, modulate_.get());
      state.setTextureAttribute(0, texture->texture.get());
      state.setTextureMode(0, GL_TEXTURE_2D, osg::StateAttribute::ON);
      if (texture->translucent) set_translucent(state);
    }
    state.setMode(GL_LIGHTING, osg::StateAttribute::ON);
    if (bin.two_sided) {
      state.setMode(GL_CULL_FACE, osg::StateAttribute::OFF);
    } else {
      osg::ref_ptr<osg::CullFace> cull = new osg::CullFace(osg::CullFace::BACK);
      cull->setDataVariance(osg::Object::STATIC);
      state.setAttribute(cull.get());
      state.setMode(GL_CULL_FACE, osg::StateAttribute::ON);
    }
    osg::ref_ptr<osg::ShadeModel> shade = new osg::ShadeModel(bin.smooth ? osg::ShadeModel::SMOOTH : osg::ShadeModel::FLAT);
    shade->setDataVariance(osg::Object::STATIC);
    state.setAttribute(shade.get());
  }

  /// The bin's corners in the reader's primitives: each line a loop or strip; the triangles, then the quads,
  /// then each polygon.
  static osg::ref_ptr<osg::Geometry> geometry(const Ac3dBin& bin, const MaterialState& material, bool texcoords) {
    osg::ref_ptr<osg::Geometry> geometry = new osg::Geometry;
    geometry->setDataVariance(osg::Object::STATIC);
    geometry->setColorArray(material.colour.get(), osg::Array::BIND_OVERALL);
    const auto corners = static_cast<unsigned>(bin.corners.size());
    geometry->setVertexArray(new osg::Vec3Array(corners, bin.corners.data()));
    if (texcoords) geometry->setTexCoordArray(0, new osg::Vec2Array(corners, bin.texcoords.data()));
    GLint first = 0;
    const auto add = [&](GLenum mode, std::size_t count) {
      geometry->addPrimitiveSet(new osg::DrawArrays(mode, first, static_cast<GLsizei>(count)));
      first += static_cast<GLint>(count);
    };
    const GLenum line_mode = bin.line_loops ? osg::PrimitiveSet::LINE_LOOP : osg::PrimitiveSet::LINE_STRIP;
    for (const unsigned size : bin.line_sizes) add(line_mode, size);
    if (bin.triangle_corners > 0) add(osg::PrimitiveSet::TRIANGLES, bin.triangle_corners);
    if (bin.quad_corners > 0) add(osg::PrimitiveSet::QUADS, bin.quad_corners);
    for (const unsigned size : bin.polygon_sizes) add(osg::PrimitiveSet::POLYGON, size);
    return geometry;
  }

  osg::ref_ptr<osg::TexEnv> modulate_;
  std::vector<MaterialState> materials_;
  std::vector<TextureState> textures_;
};

}  // namespace

osg::ref_ptr<osg::Group> build_ac3d_graph(const Ac3dModel& model, const osgDB::Options* options,
                                          const std::string& root_name) {
  osg::ref_ptr<osg::Group> root = GraphBuilder(model, options).group(model.root);
  root->setName(root_name);
  return root;
}

osg::ref_ptr<osg::Node> read_ac3d_here(const std::string& path, const osgDB::Options* options, std::string& declined) {
  const std::string found = osgDB::findDataFile(path, options);
  const MappedFile file(found.empty() ? path : found);
  if (!file.ok()) {
    declined = "the file cannot be mapped";
    return nullptr;
  }
  // A TORCS .acc becomes plain AC3D first, as for OSG's reader (acc_reader.hpp).
  const bool acc = osgDB::getLowerCaseFileExtension(path) == "acc";
  const std::string plain = acc ? acc_to_ac3d(file.text()) : std::string();
  const Ac3dParse parsed = parse_ac3d(acc ? std::string_view(plain) : file.text());
  if (!parsed.model) {
    declined = parsed.declined;
    return nullptr;
  }
  // Textures are named relative to the file's folder. The reader names the root "World", and osgDB's read
  // of an .ac file then names it after the file (the .acc reader hands OSG's reader a stream, which has no name).
  osg::ref_ptr<osgDB::Options> local =
      options ? static_cast<osgDB::Options*>(options->clone(osg::CopyOp::SHALLOW_COPY)) : new osgDB::Options;
  local->getDatabasePathList().push_back(osgDB::getFilePath(found.empty() ? path : found));
  return build_ac3d_graph(*parsed.model, local.get(), acc ? std::string("World") : found);
}

}  // namespace crashbench
