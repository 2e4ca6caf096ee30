struct RoomList { let rooms: [String] }
