// An append-only sequence whose copies share their storage, for a game's events and action record.
//
// Search and self-play copy games on every node, and a game's record grows with every action, so a
// copy that duplicated it would cost more than the rest of the state. Here the items live in
// fixed-size chunks held by shared pointers, and a copy shares every full chunk (a reference count
// each). The last chunk, the one still filling, is never shared: a log appends to its own in place,
// and a copy copies its filled slots into a small buffer inside the copy, where the copy's next items
// go without an allocation, a reference count to read or a shared chunk to copy first. That is the
// common case of an apply after a clone (benchmarks/RESULTS.md, issue 25: the allocation and the copy
// of a cold shared chunk on the first event after each copy were most of such an apply). The buffer
// holds two chunks' worth (kBuffer), so that a copy always has room for at least kChunk items more
// than it copied: with room for one chunk only, one first apply in five after a clone filled it and
// paid for a new chunk in fresh, cold memory, several times the apply itself. Once the buffer is full
// its items become two chunks, and the copy appends to chunks of its own from then on, as a log that
// was never copied does. A full chunk is never written again, so copies of one game may be used on
// different threads, like any other games.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <iterator>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

namespace bieten {

template <typename T, std::size_t kChunk>
class SharedLog {
  // Items are plain data (events, action ids): a chunk is raw storage, and copying one copies only
  // its filled slots.
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static_assert(kChunk > 0);
  static constexpr std::size_t kBuffer = 2 * kChunk;  // a copy's buffer: the copied slots and room for kChunk more
  struct Chunk {
    alignas(T) std::byte bytes[sizeof(T) * kChunk];
    T* items() { return std::launder(reinterpret_cast<T*>(bytes)); }
    const T* items() const { return std::launder(reinterpret_cast<const T*>(bytes)); }
  };

 public:
  class const_iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = T;
    using difference_type = std::ptrdiff_t;
    using pointer = const T*;
    using reference = const T&;

    const_iterator() = default;
    const_iterator(const SharedLog* log, std::size_t index) : log_(log), index_(index) {}
    reference operator*() const { return (*log_)[index_]; }
    pointer operator->() const { return &(*log_)[index_]; }
    const_iterator& operator++() {
      ++index_;
      return *this;
    }
    const_iterator operator++(int) {
      const_iterator before = *this;
      ++index_;
      return before;
    }
    friend bool operator==(const const_iterator& a, const const_iterator& b) { return a.index_ == b.index_; }

   private:
    const SharedLog* log_ = nullptr;
    std::size_t index_ = 0;
  };

  SharedLog() = default;
  // A copy shares the full chunks and copies the filled slots of the last one into its small buffer.
  // The chunk list gets room for one chunk more, so that the buffer, once full, does not grow it again.
  SharedLog(const SharedLog& other) { copy_from(other); }
  SharedLog(SharedLog&& other) noexcept
      : chunks_(std::move(other.chunks_)), size_(other.size_), in_buffer_(other.in_buffer_) {
    if (in_buffer_) std::memcpy(buffer_, other.buffer_, sizeof(T) * buffered());
    other.clear();
  }
  SharedLog& operator=(const SharedLog& other) {
    if (this != &other) copy_from(other);
    return *this;
  }
  SharedLog& operator=(SharedLog&& other) noexcept {
    if (this != &other) {
      chunks_ = std::move(other.chunks_);
      size_ = other.size_;
      in_buffer_ = other.in_buffer_;
      if (in_buffer_) std::memcpy(buffer_, other.buffer_, sizeof(T) * buffered());
      other.clear();
    }
    return *this;
  }
  ~SharedLog() = default;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const {
    const std::size_t chunk = i / kChunk;
    return chunk < chunks_.size() ? chunks_[chunk]->items()[i % kChunk] : buffer()[i - chunks_.size() * kChunk];
  }
  const T& back() const { return (*this)[size_ - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  // Calls f(items, count) for each run of consecutive items in order: the chunks, then the small
  // buffer. A reader that walks the whole log (a record) looks at no chunk index per item this way.
  template <typename F>
  void for_each_run(F&& f) const {
    std::size_t left = size_;
    for (const auto& chunk : chunks_) {
      const std::size_t count = left < kChunk ? left : kChunk;
      f(static_cast<const Chunk&>(*chunk).items(), count);
      left -= count;
    }
    if (left != 0) f(buffer(), left);
  }

  // Appends a value-initialised item and returns it for filling in.
  T& emplace_back() {
    T* slot = nullptr;
    if (in_buffer_) {
      const std::size_t n = buffered();
      if (n < kBuffer) {
        slot = buffer() + n;
      } else {  // the full buffer becomes two chunks; the next items go to chunks of this log's own
        for (std::size_t half = 0; half < kBuffer; half += kChunk) {
          std::shared_ptr<Chunk> full = std::make_shared_for_overwrite<Chunk>();
          std::memcpy(full->bytes, buffer_ + sizeof(T) * half, sizeof(full->bytes));
          chunks_.push_back(std::move(full));
        }
        in_buffer_ = false;
      }
    }
    if (slot == nullptr) {
      const std::size_t at = size_ % kChunk;
      // A new chunk after a full one (which copies may share); a partly filled one is this log's alone.
      if (at == 0) chunks_.push_back(std::make_shared_for_overwrite<Chunk>());
      slot = chunks_.back()->items() + at;
    }
    T* item = std::construct_at(slot);
    ++size_;
    return *item;
  }

  void push_back(const T& value) { emplace_back() = value; }

  void clear() {
    chunks_.clear();
    size_ = 0;
    in_buffer_ = false;
  }

  friend bool operator==(const SharedLog& a, const SharedLog& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) {
      if (!(a[i] == b[i])) return false;
    }
    return true;
  }

 private:
  // Items in the small buffer (0 to kBuffer), when in_buffer_.
  std::size_t buffered() const { return size_ - chunks_.size() * kChunk; }
  T* buffer() { return std::launder(reinterpret_cast<T*>(buffer_)); }
  const T* buffer() const { return std::launder(reinterpret_cast<const T*>(buffer_)); }
  void copy_from(const SharedLog& other) {
    // The full chunks, which a copy may share; the items after them (those of the other's last chunk,
    // or of its buffer, up to kBuffer) are copied into this log's buffer, which new items then follow.
    const std::size_t full = std::min(other.size_ / kChunk, other.chunks_.size());
    const std::size_t rest = other.size_ - full * kChunk;  // 0 to kBuffer
    chunks_.clear();
    if (full != 0) {
      chunks_.reserve(full + kBuffer / kChunk);
      chunks_.assign(other.chunks_.begin(), other.chunks_.begin() + static_cast<std::ptrdiff_t>(full));
    }
    size_ = other.size_;
    in_buffer_ = true;  // even when empty: a copy's first items never allocate
    if (rest != 0) other.copy_items(full * kChunk, rest, buffer());
  }
  // Copies `count` items from index `first` (which starts a chunk, or the buffer) to `out`.
  void copy_items(std::size_t first, std::size_t count, T* out) const {
    const std::size_t chunk = first / kChunk;
    if (chunk < chunks_.size()) {
      std::memcpy(out, chunks_[chunk]->items(), sizeof(T) * count);  // at most kChunk: a chunk's
    } else {
      std::memcpy(out, buffer() + (first - chunks_.size() * kChunk), sizeof(T) * count);
    }
  }

  std::vector<std::shared_ptr<Chunk>> chunks_;  // full ones are never written again
  std::size_t size_ = 0;
  bool in_buffer_ = false;  // the items after the chunks are in buffer_, not in a last chunk of our own
  alignas(T) std::byte buffer_[sizeof(T) * kBuffer];
};

}  // namespace bieten
