#include "detectors/scenes/files/mapped_file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace crashbench {

MappedFile::MappedFile(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  struct stat info {};
  if (fstat(fd, &info) == 0 && S_ISREG(info.st_mode)) {
    size_ = static_cast<std::size_t>(info.st_size);
    if (size_ == 0) {
      ok_ = true;  // nothing to map
    } else if (void* p = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0); p != MAP_FAILED) {
      data_ = p;
      ok_ = true;
    } else {
      size_ = 0;
    }
  }
  close(fd);  // the mapping stays valid without the descriptor
}

MappedFile::~MappedFile() {
  if (data_ != nullptr) munmap(data_, size_);
}

}  // namespace crashbench
