import SwiftUI

/// Press a note for a moment, then drag it around the board.
struct PressAndDrag: Gesture {
    var minimumDuration = 0.25

    var body: SequenceGesture<LongPressGesture, DragGesture> {
        LongPressGesture(minimumDuration: minimumDuration)
            .sequenced(before: DragGesture(coordinateSpace: .named("board")))
    }
}

enum BoardLayout: String, CaseIterable, Identifiable {
    case grid = "Grid"
    case stack = "Stack"
    var id: String { rawValue }
}

struct PinBoard: View {
    @StateObject private var store = NotesStore()
    @State private var layout = BoardLayout.grid
    @State private var offsets: [UUID: CGSize] = [:]
    @GestureState private var lifted: UUID?

    var body: some View {
        NavigationStack {
            VStack(spacing: 0) {
                ScrollView(.horizontal, showsIndicators: false) {
                    HStack(spacing: 8) {
                        ForEach(store.folders, id: \.self) { folder in
                            Text(folder)
                                .font(.subheadline.weight(.medium))
                                .padding(.horizontal, 12)
                                .padding(.vertical, 6)
                                .background(folder == store.selectedFolder ? Color.yellow : Color(.secondarySystemBackground), in: Capsule())
                                .onTapGesture { store.selectedFolder = folder }
                        }
                    }
                    .padding(.horizontal)
                }
                .scrollBounceBehavior(.basedOnSize, axes: .horizontal)
                .padding(.vertical, 8)

                ScrollView {
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 150), spacing: 12)], spacing: 12) {
                        ForEach(store.visible) { note in
                            card(note)
                        }
                    }
                    .padding()
                }
                .scrollDisabled(lifted != nil)
                .coordinateSpace(name: "board")
            }
            .navigationTitle("Pin Board")
            .toolbar {
                ToolbarItem(placement: .topBarTrailing) {
                    Menu {
                        Menu {
                            ForEach(BoardLayout.allCases) { option in
                                Button {
                                    layout = option
                                } label: {
                                    Label(option.rawValue, systemImage: option == .grid ? "square.grid.2x2" : "rectangle.stack")
                                }
                            }
                        } label: {
                            Label("Layout", systemImage: "rectangle.3.group")
                        }
                        Button("Unpin All", systemImage: "pin.slash") {
                            for i in store.notes.indices { store.notes[i].isPinned = false }
                        }
                        Button("Reset Positions", role: .destructive) { offsets = [:] }
                    } label: {
                        Image(systemName: "ellipsis.circle")
                    }
                }
            }
        }
    }

    private func card(_ note: Note) -> some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(note.title).font(.headline)
                Spacer()
                if note.isPinned { Image(systemName: "pin.fill").foregroundStyle(.orange) }
            }
            Text(note.body).font(.footnote).foregroundStyle(.secondary).lineLimit(3)
        }
        .padding(12)
        .frame(maxWidth: .infinity, minHeight: 110, alignment: .topLeading)
        .background(Color.yellow.opacity(0.25), in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        .scaleEffect(lifted == note.id ? 1.05 : 1)
        .offset(offsets[note.id] ?? .zero)
        .gesture(
            PressAndDrag()
                .updating($lifted) { value, state, _ in
                    if case .second(true, _) = value { state = note.id }
                }
                .onEnded { value in
                    guard case .second(true, let drag?) = value else { return }
                    let old = offsets[note.id] ?? .zero
                    withAnimation(.spring(response: 0.3, dampingFraction: 0.8)) {
                        offsets[note.id] = CGSize(width: old.width + drag.translation.width, height: old.height + drag.translation.height)
                    }
                }
        )
        .animation(.easeOut(duration: 0.15), value: lifted)
    }
}

#Preview {
    PinBoard()
}
