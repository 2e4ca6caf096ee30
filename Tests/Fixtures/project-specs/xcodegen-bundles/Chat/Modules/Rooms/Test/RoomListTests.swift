struct RoomListFixture { let rooms = ["a"] }
