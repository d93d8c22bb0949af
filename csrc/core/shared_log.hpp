// An append-only sequence whose copies share their storage, for a game's events and action record.
//
// Search and self-play copy games on every node, and a game's record grows with every action, so a
// copy that duplicated it would cost more than the rest of the state. Here the items live in
// fixed-size chunks held by shared pointers: a copy shares every chunk (a reference count each),
// and an append writes in place only to a chunk no other copy holds, copying that one chunk first
// otherwise (copy on write). No chunk another copy can see is ever written, so copies of one game
// may be used on different threads, like any other games.
#pragma once

#include <atomic>
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
  // Items are plain data (events, action ids): a chunk is raw storage, and copying one on write
  // copies only its filled slots.
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
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

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](std::size_t i) const { return chunks_[i / kChunk]->items()[i % kChunk]; }
  const T& back() const { return (*this)[size_ - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }

  // Appends a value-initialised item and returns it for filling in.
  T& emplace_back() {
    const std::size_t slot = size_ % kChunk;
    if (slot == 0) {
      chunks_.push_back(std::make_shared_for_overwrite<Chunk>());
    } else if (chunks_.back().use_count() > 1) {  // shared: copy the filled slots before writing
      std::shared_ptr<Chunk> own = std::make_shared_for_overwrite<Chunk>();
      std::memcpy(own->bytes, chunks_.back()->bytes, sizeof(T) * slot);
      chunks_.back() = std::move(own);
    } else {
      // The last other holder has let go: see its reads of the chunk before writing to it.
      std::atomic_thread_fence(std::memory_order_acquire);
    }
    T* item = std::construct_at(chunks_.back()->items() + slot);
    ++size_;
    return *item;
  }

  void push_back(const T& value) { emplace_back() = value; }

  void clear() {
    chunks_.clear();
    size_ = 0;
  }

  friend bool operator==(const SharedLog& a, const SharedLog& b) {
    if (a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i) {
      if (!(a[i] == b[i])) return false;
    }
    return true;
  }

 private:
  std::vector<std::shared_ptr<Chunk>> chunks_;
  std::size_t size_ = 0;
};

}  // namespace bieten
