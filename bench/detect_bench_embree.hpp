#pragma once
// Intel Embree as the reference ray engine for the detection benchmark: the same four edge segments as
// rays (tfar = edge length), rtcIntersect1 with an intersection filter that records every hit and rejects
// it so traversal goes on; the recorded triangles go through the same interference-line code as every
// other detector. Header-only: used by detect_bench.cpp alone.
#include <embree3/rtcore.h>

#include <array>

#include "detectors/detector.hpp"
#include "detectors/scenes/interference.hpp"

namespace crashbench {

class EmbreeDetector final : public Detector {
 public:
  ~EmbreeDetector() override { release(); }
  std::string_view name() const override { return "embree"; }

  void prepare(const Scene& scene, int /*vehicle_count*/) override {
    release();
    triangles_ = scene.triangles;
    surface_ = scene.surface;
    device_ = rtcNewDevice(nullptr);
    scene_ = rtcNewScene(device_);
    rtcSetSceneBuildQuality(scene_, RTC_BUILD_QUALITY_HIGH);
    RTCGeometry geometry = rtcNewGeometry(device_, RTC_GEOMETRY_TYPE_TRIANGLE);
    const std::size_t n = triangles_.size();
    auto* v = static_cast<float*>(
        rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_VERTEX, 0, RTC_FORMAT_FLOAT3, 3 * sizeof(float), 3 * n));
    auto* idx = static_cast<unsigned*>(
        rtcSetNewGeometryBuffer(geometry, RTC_BUFFER_TYPE_INDEX, 0, RTC_FORMAT_UINT3, 3 * sizeof(unsigned), n));
    for (std::size_t i = 0; i < n; ++i) {
      const Triangle& t = triangles_[i];
      const Vec3* corners[3] = {&t.a_W, &t.b_W, &t.c_W};
      for (int k = 0; k < 3; ++k) {
        for (int c = 0; c < 3; ++c) v[9 * i + 3 * k + c] = static_cast<float>((*corners[k])[c]);
        idx[3 * i + k] = static_cast<unsigned>(3 * i + k);
      }
    }
    rtcSetGeometryIntersectFilterFunction(geometry, &record_hit);
    rtcCommitGeometry(geometry);
    rtcAttachGeometry(scene_, geometry);
    rtcReleaseGeometry(geometry);
    rtcCommitScene(scene_);
  }

  void detect(std::span<const VehiclePose> poses, std::vector<Contact>& out, DetectorStats& stats) override {
    for (std::size_t v = 0; v < poses.size(); ++v) {
      const BoundingRectangle rect = bounding_rectangle(poses[v], surface_.get());
      set_.reset(rect);
      for (int e = 0; e < 4; ++e) {
        const Vec2 &a = rect.corners_W[e], &b = rect.corners_W[(e + 1) % 4];
        Recorder rec;
        rtcInitIntersectContext(&rec.context);
        RTCRayHit rh{};
        rh.ray.org_x = static_cast<float>(a.x()), rh.ray.org_y = static_cast<float>(a.y());
        rh.ray.org_z = static_cast<float>(rect.z);
        rh.ray.dir_x = static_cast<float>(b.x() - a.x()), rh.ray.dir_y = static_cast<float>(b.y() - a.y());
        rh.ray.dir_z = 0, rh.ray.tnear = 0, rh.ray.tfar = 1, rh.ray.mask = ~0u;
        rh.hit.geomID = RTC_INVALID_GEOMETRY_ID;
        rtcIntersect1(scene_, &rec.context, &rh);
        for (int h = 0; h < rec.count; ++h) set_.add_triangle(triangles_[rec.prims[h]], static_cast<int>(rec.prims[h]));
        stats.primitives_tested += rec.count;
      }
      set_.emit(static_cast<int>(v), out);
    }
  }

 private:
  /// The intersect context extended with the hits of one ray (the context comes first, so Embree's
  /// pointer to it is a pointer to the recorder).
  struct Recorder {
    RTCIntersectContext context;
    std::array<unsigned, 64> prims{};
    int count = 0;
  };

  static void record_hit(const RTCFilterFunctionNArguments* args) {
    auto* rec = reinterpret_cast<Recorder*>(args->context);
    if (rec->count < static_cast<int>(rec->prims.size())) rec->prims[rec->count++] = RTCHitN_primID(args->hit, args->N, 0);
    args->valid[0] = 0;  // reject: keep looking for the next crossing
  }

  void release() {
    if (scene_) rtcReleaseScene(scene_);
    if (device_) rtcReleaseDevice(device_);
    scene_ = nullptr;
    device_ = nullptr;
  }

  RTCDevice device_ = nullptr;
  RTCScene scene_ = nullptr;
  std::vector<Triangle> triangles_;
  std::shared_ptr<const SurfaceQuery> surface_;  // the scene's, shared
  InterferenceSet set_;
};

}  // namespace crashbench
