#pragma once
// osgDB's reader plugins are third-party code that crashes or hangs on some malformed files
// (docs/fuzzing.md lists what fuzzing found in OpenSceneGraph's). A crash inside the plugin would take the
// whole run down, and with it every case still running. So each scene file is read in a child process: if
// the plugin dies or overruns the time limit there, the file is refused with one clear error and the run
// goes on. A child that read the file sends the graph back as .osgb (OSG's own binary format, read by
// OSG's serializers, not by the plugin), with the notifications the read sent: the file is read once.
#include <osg/Node>
#include <osgDB/Options>

#include <cstdint>
#include <string>

#include "core/error.hpp"

namespace crashbench {

/// The limits below take this value by default: derived from the file's size, so that a reader that
/// loops or allocates for whatever count a small file announces is stopped early (a 33 KB .osgb
/// announcing 100 million vertices took 171 s and 1.2 GB with a fixed 120 s and no memory limit).
constexpr double kSceneReadLimitFromSize = -1;

/// The time limit of a contained read [s]; 0 reads in this process only, with no child (the
/// `--scene-read-timeout` option of every command). By default 5 s plus 1 s per MB of the file: the
/// largest TORCS track (1.6 MB) reads in under a second.
void set_scene_read_timeout(double seconds);
/// The time limit for a file of `bytes` bytes [s].
double scene_read_timeout(std::uintmax_t bytes);

/// The memory the child may take beyond what the process held when it forked [MB]; 0: no limit (the
/// `--scene-read-memory` option of every command). By default 1024 MB plus 64 times the file's size: OSG's
/// graph of a real scene is a few times its file. A reader past it fails like one out of memory, and the
/// file is refused before this process reads anything: OSG's readers allocate what a count in the file announces (a
/// `.osgt` list of 15 million vertices with 8 after it takes 180 MB), and the counts the guards know are
/// refused before any read (ac3d_guard.hpp, osgt_guard.hpp); this limit catches the others.
void set_scene_read_memory_limit(double megabytes);
/// The memory limit for a file of `bytes` bytes [MB].
double scene_read_memory_limit(std::uintmax_t bytes);

/// Reads `path` with osgDB in a child process and waits for it (at most scene_read_timeout(its size)), then
/// returns the graph it read (nullptr: the plugin read none) and replays its notifications here. Throws
/// Error(path) naming the plugin's extension and what happened if the child was killed by a signal,
/// exited with a failure, or overran the limit. With the timeout 0, reads in this process. A graph the
/// .osgb round trip would not keep whole (a node class OSG's serializers do not know) is read again here,
/// after the child survived it.
osg::ref_ptr<osg::Node> read_contained(const std::string& path, const osgDB::Options* options);

/// "osgDB's '.EXT' reader" for `path`: how errors name the plugin that read it.
std::string reader_of(const std::string& path);
/// The error for a plugin that ran out of memory on `path`, read in the child or in this process.
Error reader_out_of_memory(const std::string& path);

}  // namespace crashbench
