// An append-only sequence whose copies share their storage, for a game's events and action record.
//
// Search and self-play copy games on every node, and a game's record grows with every action, so a
// copy that duplicated it would cost more than the rest of the state. Here the items live in
// fixed-size chunks held by shared pointers, and a copy shares every chunk, the last one still
// filling included (a reference count each), and copies no item. A log that was never copied
// appends to its own last chunk in place. A copy appends to a small buffer inside it instead (kBuffer
// items), with no allocation: the first apply after a clone, the common case of search, finds its
// slots there (benchmarks/RESULTS.md, issue 25: an allocation in fresh, cold memory, or the copy of a
// cold shared chunk, on the first event after a copy cost several times the apply itself). When the
// buffer is full, the copy makes its own copy of the shared last chunk's items and the buffer's in
// chunks of its own, and appends to those from then on, as a log that was never copied does.
//
// The original may go on filling a last chunk its copies share: it writes only slots past every
// copy's end, which no copy reads, and a full chunk is never written again, so copies of one game
// may be used on different threads, like any other games.
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

template <typename T, std::size_t kChunk, std::size_t kBuffer>
class SharedLog {
  // Items are plain data (events, action ids): a chunk is raw storage, and copying one copies only
  // its filled slots.
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static_assert(kChunk > 0 && kBuffer > 0);
  struct Chunk {
    alignas(T) std::byte bytes[sizeof(T) * kChunk];
    T* items() { return std::launder(reinterpret_cast<T*>(bytes)); }
    const T* items() const { return std::launder(reinterpret_cast<const T*>(bytes)); }
  };
  // A chunk left uninitialised (its slots are written before they are read). libc++ 14 (emscripten)
  // has no make_shared_for_overwrite: there, a plain new (default-initialised too) in a shared_ptr.
  static std::shared_ptr<Chunk> new_chunk() {
#if defined(__cpp_lib_smart_ptr_for_overwrite)
    return std::make_shared_for_overwrite<Chunk>();
#else
    return std::shared_ptr<Chunk>(new Chunk);
#endif
  }

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
  // A copy shares every chunk and copies the other's buffered items (a copy of a copy) into its buffer.
  SharedLog(const SharedLog& other) { copy_from(other); }
  SharedLog(SharedLog&& other) noexcept
      : chunks_(std::move(other.chunks_)), size_(other.size_), in_chunks_(other.in_chunks_), own_last_(other.own_last_) {
    std::memcpy(buffer_, other.buffer_, sizeof(T) * buffered());
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
      in_chunks_ = other.in_chunks_;
      own_last_ = other.own_last_;
      std::memcpy(buffer_, other.buffer_, sizeof(T) * buffered());
      other.clear();
    }
    return *this;
  }
  ~SharedLog() = default;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const {
    return i < in_chunks_ ? chunks_[i / kChunk]->items()[i % kChunk] : buffer()[i - in_chunks_];
  }
  const T& back() const { return (*this)[size_ - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  // Calls f(items, count) for each run of consecutive items in order: the chunks, then the small
  // buffer. A reader that walks the whole log (a record) looks at no chunk index per item this way.
  template <typename F>
  void for_each_run(F&& f) const {
    std::size_t left = in_chunks_;
    for (const auto& chunk : chunks_) {
      const std::size_t count = left < kChunk ? left : kChunk;
      f(static_cast<const Chunk&>(*chunk).items(), count);
      left -= count;
    }
    if (buffered() != 0) f(buffer(), buffered());
  }

  // Appends a value-initialised item and returns it for filling in. The common cases (room in the last
  // chunk, or in a copy's buffer) are a test and a store; a new chunk or a copy's full buffer goes out
  // of line (grow).
  T& emplace_back() {
    T* slot;
    if (own_last_ && in_chunks_ % kChunk != 0) [[likely]] {  // in place, in this log's own last chunk
      slot = chunks_.back()->items() + in_chunks_ % kChunk;
      ++in_chunks_;
    } else if (!own_last_ && buffered() < kBuffer) {  // a copy: its buffer, with no allocation
      slot = buffer() + buffered();
    } else {
      slot = grow();
    }
    T* item = std::construct_at(slot);
    ++size_;
    return *item;
  }

  void push_back(const T& value) { emplace_back() = value; }

  void clear() {
    chunks_.clear();
    size_ = 0;
    in_chunks_ = 0;
    own_last_ = true;
  }

  friend bool operator==(const SharedLog& a, const SharedLog& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) {
      if (!(a[i] == b[i])) return false;
    }
    return true;
  }

 private:
  // Items in the small buffer, after those in chunks (0 to kBuffer; always 0 once own_last_).
  std::size_t buffered() const { return size_ - in_chunks_; }
  T* buffer() { return std::launder(reinterpret_cast<T*>(buffer_)); }
  const T* buffer() const { return std::launder(reinterpret_cast<const T*>(buffer_)); }

  void copy_from(const SharedLog& other) {
    chunks_ = other.chunks_;
    size_ = other.size_;
    in_chunks_ = other.in_chunks_;
    own_last_ = false;  // the last chunk is shared (the original may still fill it): append to the buffer
    std::memcpy(buffer_, other.buffer_, sizeof(T) * other.buffered());
  }

  // The slot of the next item when the fast paths have none: a new chunk of this log's own (its last
  // one is full, or it has none), after making a copy's full buffer its own first.
  [[gnu::noinline]] T* grow() {
    if (!own_last_) make_own();
    const std::size_t at = in_chunks_ % kChunk;
    if (at == 0) chunks_.push_back(new_chunk());
    ++in_chunks_;
    return chunks_.back()->items() + at;
  }

  // A copy's full buffer: the shared last chunk's items, if it is partly filled, and the buffer's go to
  // chunks of this log's own, which it appends to in place from then on.
  void make_own() {
    const std::size_t partial = in_chunks_ % kChunk;
    const std::size_t from_buffer = buffered();
    if (partial != 0) {  // replace the shared last chunk by a copy of its filled slots
      std::shared_ptr<Chunk> own = new_chunk();
      std::memcpy(own->bytes, chunks_.back()->bytes, sizeof(T) * partial);
      chunks_.back() = std::move(own);
    }
    own_last_ = true;
    std::size_t moved = 0;
    while (moved < from_buffer) {  // the buffer's items after them, chunk by chunk
      const std::size_t at = in_chunks_ % kChunk;
      if (at == 0) chunks_.push_back(new_chunk());
      const std::size_t count = std::min(kChunk - at, from_buffer - moved);
      std::memcpy(chunks_.back()->items() + at, buffer() + moved, sizeof(T) * count);
      moved += count;
      in_chunks_ += count;
    }
  }

  std::vector<std::shared_ptr<Chunk>> chunks_;  // every chunk but a last one of this log's own is shared
  std::size_t size_ = 0;
  std::size_t in_chunks_ = 0;  // items in chunks; the rest, size_ - in_chunks_, in buffer_
  bool own_last_ = true;       // appends go to this log's own last chunk (else to the buffer)
  alignas(T) std::byte buffer_[sizeof(T) * kBuffer];
};

}  // namespace bieten
